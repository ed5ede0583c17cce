"""The stats tests walk toy graphs on the real engine too: the engine tests' `world`."""

from tests.chain.conftest import world  # noqa: F401 - a fixture, found by name
