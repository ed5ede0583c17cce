"""validator package."""
