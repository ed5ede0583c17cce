# smells: assertion_roulette
import unittest

from accounts.email import domain_of, is_valid_email, normalise


class EmailTest(unittest.TestCase):
    def test_emails(self):
        self.assertTrue(is_valid_email("a@b.co"))
        self.assertFalse(is_valid_email("nope"))
        self.assertEqual(normalise("A@B.CO"), "a@b.co")
        self.assertEqual(domain_of("x@y.org"), "y.org")
        self.assertIsNone(domain_of("broken"))
        self.assertEqual(normalise(" a@b.co "), "a@b.co")
