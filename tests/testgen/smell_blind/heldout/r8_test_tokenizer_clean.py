import pytest

from r8_tokenizer import Token, TokenizeError, count_kinds, tokenize


@pytest.mark.parametrize(
    "source, expected",
    [
        ("42", [Token("NUMBER", 42, 0)]),
        ("3.5", [Token("NUMBER", 3.5, 0)]),
        ("x", [Token("NAME", "x", 0)]),
        ("not", [Token("KEYWORD", "not", 0)]),
        ("a<=b", [Token("NAME", "a", 0), Token("OP", "<=", 1), Token("NAME", "b", 3)]),
    ],
)
def test_single_and_simple_sequences(source, expected):
    assert tokenize(source) == expected


def test_positions_skip_leading_whitespace():
    tokens = tokenize("  x +  1")
    assert [t.pos for t in tokens] == [2, 4, 7]


def test_trailing_whitespace_is_ignored():
    assert tokenize("y   ") == [Token("NAME", "y", 0)]


def test_empty_input_gives_no_tokens():
    assert tokenize("") == []


def test_count_kinds_groups_by_kind():
    tokens = tokenize("if a == 1 and b")
    assert count_kinds(tokens) == {"KEYWORD": 2, "NAME": 2, "OP": 1, "NUMBER": 1}


def test_unknown_character_reports_position():
    with pytest.raises(TokenizeError, match=r"unexpected character '\$' at 2"):
        tokenize("a $ b")
