import unittest

from e28_text_stats import top_words, word_count

CASES = [
    ("", 0),
    ("one", 1),
    ("One two  three", 3),
    ("Don't stop", 2),
    ("tabs\tand\nnewlines", 3),
    ("  padded  ", 1),
    ("numbers 123 are skipped", 3),
]


class WordCountTest(unittest.TestCase):
    def test_counts(self):
        for text, expected in CASES:
            with self.subTest(text=text):
                self.assertEqual(word_count(text), expected)


def test_top_words_of_a_sentence():
    ranked = top_words("the cat and the hat and the bat", n=3)
    assert len(ranked) == 3
    assert ranked[0] == ("the", 3)
    assert ranked[1] == ("and", 2)
    assert ranked[2][1] == 1
    assert all(isinstance(word, str) for word, _ in ranked)
    assert sorted(count for _, count in ranked) == [1, 2, 3]
