"""Small expression tokenizer."""
import re

TOKEN_RE = re.compile(r"\s*(?:(\d+\.\d+|\d+)|([A-Za-z_]\w*)|(==|!=|<=|>=|[-+*/()<>=,]))")


class TokenizeError(ValueError):
    pass


class Token:
    __slots__ = ("kind", "value", "pos")

    def __init__(self, kind, value, pos):
        self.kind = kind
        self.value = value
        self.pos = pos

    def __eq__(self, other):
        return isinstance(other, Token) and (self.kind, self.value, self.pos) == (other.kind, other.value, other.pos)

    def __repr__(self):
        return f"Token({self.kind!r}, {self.value!r}, {self.pos})"


KEYWORDS = {"and", "or", "not", "if", "else"}


def classify(word):
    return "KEYWORD" if word in KEYWORDS else "NAME"


def tokenize(text):
    tokens = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        while text[pos].isspace():
            pos += 1
        m = TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise TokenizeError(f"unexpected character {text[pos]!r} at {pos}")
        number, word, op = m.groups()
        start = m.start(m.lastindex)
        if number is not None:
            value = float(number) if "." in number else int(number)
            tokens.append(Token("NUMBER", value, start))
        elif word is not None:
            tokens.append(Token(classify(word), word, start))
        else:
            tokens.append(Token("OP", op, start))
        pos = m.end()
    return tokens


def count_kinds(tokens):
    counts = {}
    for t in tokens:
        counts[t.kind] = counts.get(t.kind, 0) + 1
    return counts
