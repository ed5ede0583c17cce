"""The steps of the held-out acceptance chain."""
