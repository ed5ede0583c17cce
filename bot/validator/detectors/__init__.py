"""Static detectors: each module inspects the parsed diff for one family of crutches or doubts."""
