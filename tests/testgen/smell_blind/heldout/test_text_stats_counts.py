from text_stats import reading_time_minutes, top_words, word_count

PARAGRAPH = "The cat sat. The cat ran. A dog barked at the cat and the dog."


def test_word_count_ignores_punctuation():
    assert word_count("Hello, world! It's me.") == 4


def test_top_words_skips_stopwords_and_breaks_ties_alphabetically():
    assert top_words(PARAGRAPH, n=3) == [("cat", 3), ("dog", 2), ("at", 1)]


def test_reading_time_rounds_up():
    words_per_minute = 200
    text = "word " * (words_per_minute + 1)
    assert reading_time_minutes(text, wpm=words_per_minute) == 2


def test_reading_time_of_empty_text_is_one_minute():
    assert reading_time_minutes("") == 1
