import pytest

from e28e_vault import Vault


@pytest.fixture
def vault():
    vault = Vault("correct horse")
    vault.unlock("correct horse")
    return vault


def test_get_returns_what_was_put(vault):
    vault.put("api", "k3y")
    assert vault.get("api") == "k3y"


def test_names_lists_the_stored_secrets(vault):
    vault.put("api", "k3y")
    vault.put("db", "pw")
    assert len(vault.names()) == 2
    assert vault.names() == ["api", "db"] or vault.names() == ["db", "api"]
