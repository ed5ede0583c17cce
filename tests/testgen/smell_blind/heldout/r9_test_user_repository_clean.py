import sqlite3
import unittest

from r9_user_repository import DuplicateEmailError, User, UserRepository


class UserRepositoryTest(unittest.TestCase):
    def setUp(self):
        self.conn = sqlite3.connect(":memory:")
        self.repo = UserRepository(self.conn)
        self.repo.create_schema()

    def tearDown(self):
        self.conn.close()

    def test_add_returns_user_with_normalised_email(self):
        user = self.repo.add("  Ada@Example.COM ", "Ada Lovelace")
        self.assertEqual(user, User(1, "ada@example.com", "Ada Lovelace", True))

    def test_lookup_by_email_is_case_insensitive(self):
        self.repo.add("ada@example.com", "Ada Lovelace")
        self.assertEqual(self.repo.find_by_email("ADA@EXAMPLE.COM").name, "Ada Lovelace")

    def test_duplicate_email_is_rejected(self):
        self.repo.add("ada@example.com", "Ada Lovelace")
        with self.assertRaises(DuplicateEmailError):
            self.repo.add("Ada@example.com", "Impostor")

    def test_deactivate_hides_user_from_active_list(self):
        ada = self.repo.add("ada@example.com", "Ada Lovelace")
        self.repo.add("grace@example.com", "Grace Hopper")

        self.assertTrue(self.repo.deactivate(ada.id))
        self.assertEqual([u.email for u in self.repo.list_active()], ["grace@example.com"])

    def test_deactivate_unknown_id_reports_false(self):
        self.assertFalse(self.repo.deactivate(user_id=404))


if __name__ == "__main__":
    unittest.main()
