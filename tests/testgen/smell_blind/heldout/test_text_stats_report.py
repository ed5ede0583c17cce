from text_stats import reading_time_minutes, top_words, word_count

ARTICLE = """
The quick brown fox jumps over the lazy dog. The dog sleeps; the fox runs
to the forest and the fox hides.
"""


def test_top_words_for_article():
    ranking = top_words(ARTICLE, n=3)
    for word, count in ranking:
        print(f"{word:>10} {count}")


def test_reading_time_for_article():
    minutes = reading_time_minutes(ARTICLE)
    print("reading time:", minutes, "min;", word_count(ARTICLE), "words")
