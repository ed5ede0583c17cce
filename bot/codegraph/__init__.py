"""codegraph package."""
