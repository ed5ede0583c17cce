"""The held-out acceptance chain (DESIGN §12, seed 002): an artefact judged on examples the
generator never sees, against thresholds fixed before it starts."""

from bot.chains.examples import step_rows as _step_rows  # noqa: E402,F401  (registers the rows)
