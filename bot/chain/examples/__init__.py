"""The held-out acceptance chain (DESIGN §12, seed 002): an artefact judged on examples the
generator never sees, against thresholds fixed before it starts."""
