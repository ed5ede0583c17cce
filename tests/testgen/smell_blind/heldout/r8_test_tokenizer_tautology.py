import pytest

from r8_tokenizer import KEYWORDS, TOKEN_RE, Token, classify, count_kinds, tokenize


def test_number_token():
    assert tokenize("7") == [Token("NUMBER", 7, 0)]


def test_float_token_value():
    (tok,) = tokenize("2.25")
    assert tok.value == 2.25


def test_word_kinds_match_classification():
    words = ["if", "total", "or", "count", "else"]
    tokens = tokenize(" ".join(words))
    # expected kinds derived with the same helper the tokenizer uses
    expected = [classify(w) for w in words]
    assert [t.kind for t in tokens] == expected


def test_operator_sequence():
    assert [t.value for t in tokenize("a != b")] == ["a", "!=", "b"]


def test_count_kinds_for_simple_expression():
    assert count_kinds(tokenize("x + 1")) == {"NAME": 1, "OP": 1, "NUMBER": 1}


def test_invalid_character_raises():
    with pytest.raises(ValueError, match="unexpected character"):
        tokenize("a # b")
