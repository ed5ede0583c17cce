from e28e_vault import Vault


def make_vault():
    vault = Vault("correct horse")
    vault.unlock("correct horse")
    return vault


def test_put_keeps_the_secret():
    vault = make_vault()
    vault.put("db", "s3cret")
    assert vault.get("db") == "s3cret"


def test_put_never_drops_names():
    vault = make_vault()
    vault.put("db", "a")
    before = vault.names()
    vault.put("web", "b")
    after = vault.names()
    assert len(after) >= len(before)
    assert after == ["db", "web"]


def test_names_are_sorted():
    vault = make_vault()
    vault.put("web", "a")
    vault.put("db", "b")
    assert vault.names() == ["db", "web"]
    return
