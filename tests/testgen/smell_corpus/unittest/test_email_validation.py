# smells: none
import unittest

from accounts.email import is_valid_email


class EmailTest(unittest.TestCase):
    def test_valid_addresses(self):
        for address in ("a@b.co", "first.last+tag@example.org", "x@sub.domain.io"):
            with self.subTest(address=address):
                self.assertTrue(is_valid_email(address))

    def test_invalid_addresses(self):
        for address in ("plain", "@no-user.com", "user@", "a b@c.de"):
            with self.subTest(address=address):
                self.assertFalse(is_valid_email(address))
