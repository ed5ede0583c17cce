import pytest

from e28e_vault import Vault, VaultLocked


def test_a_short_passphrase_is_refused():
    with pytest.raises(ValueError, match="at least 8"):
        Vault("short")


def test_a_locked_vault_refuses_reads():
    vault = Vault("correct horse")
    with pytest.raises(VaultLocked):
        vault.get("db")


def test_the_right_passphrase_unlocks():
    vault = Vault("correct horse")
    vault.unlock("correct horse")
    vault.put("db", "s3cret")
    assert True  # got here: nothing raised
