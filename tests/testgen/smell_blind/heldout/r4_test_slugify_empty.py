import unittest

from r4_slugify import slugify, unique_slug


class SlugifyTest(unittest.TestCase):
    def setUp(self):
        self.taken = {"intro", "intro-2"}

    def test_separator_option(self):
        self.assertEqual(slugify("a b c", sep="_"), "a_b_c")

    def test_unique_slug_free_name(self):
        self.assertEqual(unique_slug("Outro", self.taken), "outro")

    def test_unicode_only_input(self):
        # TODO: decide what slugify should return for "日本語"
        # self.assertEqual(slugify("日本語"), "")
        pass

    def test_rejects_non_string(self):
        with self.assertRaisesRegex(TypeError, "expects a str"):
            slugify(42)


if __name__ == "__main__":
    unittest.main()
