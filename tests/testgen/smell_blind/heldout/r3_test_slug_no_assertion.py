import unittest

from r3_slug import slugify, truncate_words, unique_slug


class SlugifyTest(unittest.TestCase):
    def test_lowercases_and_hyphenates(self):
        self.assertEqual(slugify("Hello World"), "hello-world")

    def test_strips_accents(self):
        self.assertEqual(slugify("Crème Brûlée"), "creme-brulee")

    def test_no_leading_or_trailing_hyphens(self):
        titles = ["  --Spaced Out--  ", "!!Bang!!", "...dots..."]
        slugs = [slugify(t) for t in titles]
        self.assertEqual(slugs, ["spaced-out", "bang", "dots"])

    def test_long_titles_are_cut_at_word_boundary(self):
        title = "word " * 40
        result = slugify(title, max_length=20)
        if len(result) > 20:
            self.assertLessEqual(len(result), 20)


class UniqueSlugTest(unittest.TestCase):
    def test_appends_counter_when_taken(self):
        self.assertEqual(unique_slug("Post", {"post", "post-2"}), "post-3")


class TruncateWordsTest(unittest.TestCase):
    def test_adds_ellipsis_when_truncated(self):
        self.assertEqual(truncate_words("one two three four", 2), "one two…")


if __name__ == "__main__":
    unittest.main()
