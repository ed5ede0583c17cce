"""steps package."""
