"""The test-generation chain (DESIGN §11): a Writer agent, five code gates and a Reviewer agent.

Modules: `smells` (gate 5, static), `mutation` (gate 4), `gates` (gates 1-5 on one file in the
sandbox), `artifacts`, `targets` (what to test), `steps` and `graph` (the chain on the engine),
`report` (the change request's gate report), `command` (`smith tests | smells | mutate`).
"""

from bot.chains.tests import step_rows as _step_rows  # noqa: E402,F401  (registers the rows)
