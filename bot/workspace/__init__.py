"""workspace package."""
