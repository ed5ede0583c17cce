import unittest

from e28e_vault import Vault, VaultLocked


class VaultTest(unittest.TestCase):
    def setUp(self):
        self.vault = Vault("correct horse")

    def test_locked_reads_are_refused(self):
        with self.assertRaises(VaultLocked):
            self.vault.get("db")

    def test_wrong_passphrase_is_refused(self):
        with self.assertRaisesRegex(PermissionError, "wrong passphrase"):
            self.vault.unlock("battery staple")

    def test_lock_after_unlock(self):
        self.vault.unlock("correct horse")
        self.vault.lock()
        self.assertTrue(True)
