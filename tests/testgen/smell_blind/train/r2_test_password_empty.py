import unittest

import r2_password


class PasswordPolicyTest(unittest.TestCase):
    def setUp(self):
        self.policy = {"min_length": 10, "max_repeat": 2}

    def test_short_password_is_rejected(self):
        # r2_password.is_acceptable("Ab1!", **self.policy) should be False
        pass

    def test_repeated_characters_are_reported(self):
        # expected problems: ["too many repeated characters"]
        # check strength("Aaaa1234!!xyz") once the message is final
        pass

    def tearDown(self):
        self.policy = None


if __name__ == "__main__":
    unittest.main()
