"""A corpus of realistic repositories run end to end through Smith (issue 12, item 6)."""
