"""The 80/20 split of the labelled examples: deterministic, stratified, held-out kept apart.

The split is a pure function of the examples, the seed and the fraction, so a resumed run
recomputes the same held-out part instead of reading it back from anywhere. Only its size and
a hash ever leave memory (`HeldOut.digest`).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field

from bot.chains.examples.leaks import normalise
from bot.engine.held import normalise as held_normalise


@dataclass(frozen=True)
class Example:
    text: str
    positive: bool


@dataclass(frozen=True)
class Split:
    train: tuple[Example, ...]
    held_out: tuple[Example, ...]
    moved: int = 0
    """Held-out examples moved to training because a training example contains them (they
    would be shown to the generator inside that example anyway)."""
    quoted_keys: tuple[str, ...] = ()
    """`quote_key`s of the examples quoted by the task (what the run state keeps of them)."""
    quoted: int = 0
    """Examples assigned to training before the seeded split because a text the generator
    sees (the task, the contract, the rules) quotes them."""


def parse_examples(text: str) -> list[str]:
    """One example per line; blank lines and `#` comments are not examples."""
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def quote_key(normalised: str) -> str:
    """What the run state keeps of a quoted example: a hash, never the text."""
    return hashlib.sha256(normalised.encode()).hexdigest()[:24]


def _unique(texts: Sequence[str]) -> list[str]:
    seen: dict[str, str] = {}
    for text in texts:
        seen.setdefault(normalise(text), text)
    return list(seen.values())


def _held_count(n: int, fraction: float) -> int:
    if n < 2:
        return 0
    return min(n - 1, max(1, round(n * fraction)))


def split_examples(
    positives: Sequence[str], negatives: Sequence[str], *, seed: int, fraction: float = 0.2,
    pinned: Collection[str] = (),
) -> Split:
    """Each label shuffled by its own seeded generator; the first `fraction` of each is
    held out. Examples whose normalised text is in `pinned` (quoted by the task) go to
    training first; the held-out share of the label is then drawn from the rest. A held-out
    example that a training example contains goes to training."""
    train: list[Example] = []
    held: list[Example] = []
    quoted: list[str] = []
    for label, texts in ((True, positives), (False, negatives)):
        items = _unique(texts)
        share = _held_count(len(items), fraction)
        fixed = [text for text in items if normalise(text) in pinned]
        rest = [text for text in items if normalise(text) not in pinned]
        random.Random(f"{seed}:{'positive' if label else 'negative'}").shuffle(rest)
        cut = min(share, len(rest) - (0 if fixed else 1)) if rest else 0
        quoted += fixed
        held += [Example(text, label) for text in rest[:cut]]
        train += [Example(text, label) for text in fixed + rest[cut:]]
    # Both the chain's filter (whole words) and the engine's check (any substring) must see
    # no held-out example inside a training example, which the generator is shown.
    shown = [(f" {normalise(e.text)} ", held_normalise(e.text)) for e in train]
    kept: list[Example] = []
    moved: list[Example] = []
    for example in held:
        words, raw = f" {normalise(example.text)} ", held_normalise(example.text)
        inside = any(words in hay or raw in plain for hay, plain in shown)
        (moved if inside else kept).append(example)
    return Split(tuple(train + moved), tuple(kept), moved=len(moved),
                 quoted_keys=tuple(sorted(quote_key(normalise(t)) for t in quoted)),
                 quoted=len(quoted))


def digest(examples: Sequence[Example]) -> str:
    """A hash of a set of labelled examples (order does not matter)."""
    lines = sorted(f"{int(e.positive)}\t{normalise(e.text)}" for e in examples)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


@dataclass(frozen=True, eq=False)
class HeldOut:
    """The held-out part, with a canary planted at run time.

    Iterating yields every text the engine must never write (bot/engine/held.py walks it);
    repr never shows an example."""

    examples: tuple[Example, ...]
    canary: str = field(default_factory=lambda: f"smith-canary-{secrets.token_hex(8)}")

    def __iter__(self) -> Iterator[str]:
        yield self.canary
        for example in self.examples:
            yield example.text

    def __repr__(self) -> str:
        return f"<HeldOut {len(self.examples)} examples>"

    __str__ = __repr__

    @property
    def positives(self) -> int:
        return sum(e.positive for e in self.examples)

    @property
    def negatives(self) -> int:
        return len(self.examples) - self.positives

    @property
    def digest(self) -> str:
        return digest(self.examples)
