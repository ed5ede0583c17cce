"""The fix chain: acceptance criteria, diagnosis, judge, estimate, reproduction test, fix,
self-review, quality, validation, publish (DESIGN §4)."""

from bot.chains.fix import step_rows as _step_rows  # noqa: E402,F401  (registers the rows)
