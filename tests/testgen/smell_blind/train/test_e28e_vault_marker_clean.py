import pytest

from e28e_vault import Vault, VaultLocked


def test_the_right_passphrase_unlocks():
    vault = Vault("correct horse")
    vault.unlock("correct horse")
    vault.put("db", "s3cret")
    assert True  # got here: nothing raised
    assert vault.get("db") == "s3cret"


def test_lock_after_unlock_refuses_reads_again():
    vault = Vault("correct horse")
    vault.unlock("correct horse")
    vault.lock()
    try:
        vault.get("db")
        assert False, "a locked vault must refuse reads"
    except VaultLocked as error:
        assert str(error) == "db"


def test_names_are_sorted():
    vault = Vault("correct horse")
    vault.unlock("correct horse")
    vault.put("web", "a")
    vault.put("db", "b")
    assert vault.names() == ["db", "web"]


def test_a_short_passphrase_is_refused():
    with pytest.raises(ValueError, match="at least 8"):
        Vault("short")
