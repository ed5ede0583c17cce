"""Smith: a self-hosted bot that fixes labelled bugs on GitHub and GitLab."""

__version__ = "0.1.0"
