"""A tiny secrets vault: names map to secrets; a locked vault refuses reads."""


class VaultLocked(RuntimeError):
    """The vault is locked: unlock it with its passphrase first."""


class Vault:
    def __init__(self, passphrase: str) -> None:
        if len(passphrase) < 8:
            raise ValueError("passphrase needs at least 8 characters")
        self._passphrase = passphrase
        self._secrets: dict[str, str] = {}
        self.locked = True

    def unlock(self, passphrase: str) -> None:
        if passphrase != self._passphrase:
            raise PermissionError("wrong passphrase")
        self.locked = False

    def lock(self) -> None:
        self.locked = True

    def put(self, name: str, secret: str) -> None:
        if self.locked:
            raise VaultLocked(name)
        self._secrets[name] = secret

    def get(self, name: str) -> str:
        if self.locked:
            raise VaultLocked(name)
        return self._secrets[name]

    def names(self) -> list[str]:
        return sorted(self._secrets)
