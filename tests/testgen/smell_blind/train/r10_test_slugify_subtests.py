import unittest

from r10_slugify import slugify, word_count


class SlugifyTableTest(unittest.TestCase):
    CASES = [
        ("Hello World", "hello-world", "spaces become hyphens"),
        ("  padded  ", "padded", "outer whitespace is dropped"),
        ("C++ & Rust", "c-rust", "symbol runs collapse to one hyphen"),
        ("Ünïcödé", "unicode", "diacritics are folded"),
        ("2024 Roadmap", "2024-roadmap", "digits are kept"),
        ("---", "", "nothing left gives an empty slug"),
    ]

    def test_slug_table(self):
        for text, expected, rule in self.CASES:
            with self.subTest(rule=rule):
                self.assertEqual(slugify(text), expected, rule)


class WordCountTest(unittest.TestCase):
    def test_counts_words_separated_by_any_whitespace(self):
        self.assertEqual(word_count("one\ttwo\nthree  four"), 4, "tabs and newlines separate words")
        self.assertEqual(word_count(""), 0, "empty text has no words")


if __name__ == "__main__":
    unittest.main()
