"""forge package."""
