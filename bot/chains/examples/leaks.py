"""Leak filters: does a text carry a held-out example?

Two tests, on normalised text (NFKC, case-folded, every run of non-word characters one space):
- the example itself, as a whole-word substring ("… `wake me at seven` …" after quoting);
- for observations, also any run of 8 consecutive tokens shared with an example (a close
  paraphrase keeps long stretches of the original).
The functions answer yes/no or a count, never the example that matched, so a caller cannot
put it into a log by accident.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.held import HeldValueLeak
from bot.engine.held import normalise as held_normalise

NGRAM = 8
_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)


def normalise(text: str) -> str:
    return _NON_WORD.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _ngrams(tokens: Sequence[str], n: int = NGRAM) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


class LeakFilter:
    """Checks texts against a fixed set of held-out examples."""

    def __init__(self, examples: Iterable[str]) -> None:
        self._needles = [f" {n} " for n in {normalise(e) for e in examples} if n]
        self._grams: set[tuple[str, ...]] = set()
        for needle in self._needles:
            self._grams |= _ngrams(needle.split())

    def contains(self, text: str) -> bool:
        """Whether `text` holds a held-out example as a whole-word substring."""
        hay = f" {normalise(text)} "
        return any(needle in hay for needle in self._needles)

    def count(self, texts: Iterable[str]) -> int:
        """How many of `texts` hold a held-out example."""
        return sum(1 for text in texts if self.contains(text))

    def paraphrases(self, text: str) -> bool:
        """Whether `text` shares a run of 8 tokens with a held-out example."""
        return bool(self._grams & _ngrams(normalise(text).split()))

    def leaks(self, text: str) -> bool:
        return self.contains(text) or self.paraphrases(text)

    def keep(self, observations: Sequence[str]) -> tuple[list[str], int]:
        """The observations that may go back to the generator, and how many were dropped."""
        kept = [o for o in observations if not self.leaks(o)]
        return kept, len(observations) - len(kept)


def quoted(examples: Iterable[str], texts: Iterable[str], *, min_chars: int = 12) -> set[str]:
    """The examples (normalised) that `texts` quote: the whole example as words, an 8-word run
    of it, or (from `min_chars` up) the engine's plain substring. The same tests the guards
    apply, so an example quoted here would stop the run if it were held out."""
    shown = [f" {normalise(text)} " for text in texts]
    plain = [held_normalise(text) for text in texts]
    grams: set[tuple[str, ...]] = set()
    for hay in shown:
        grams |= _ngrams(hay.split())
    found: set[str] = set()
    for example in examples:
        words = normalise(example)
        raw = held_normalise(example)
        if not words:
            continue
        if (any(f" {words} " in hay for hay in shown) or grams & _ngrams(words.split())
                or (len(raw) >= min_chars and any(raw in text for text in plain))):
            found.add(words)
    return found


def texts_of(value: Any) -> Iterable[str]:
    """Every string inside JSON-like data (a model request, an artifact)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts_of(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_of(item)


class ModelRequestLeak(HeldValueLeak):
    """A model request of the run would have carried a held-out example (never the text);
    the engine ends the run `held_value_leak` as for any held value."""

    def __init__(self, part: str = "messages") -> None:
        super().__init__(f"the model request's {part}")


class GuardedMessages:
    """`client.messages` whose `create` refuses a request holding a held-out example.

    The critic is the one reader of held-out errors: its requests pass while `exempt` is set
    (bot/chains/examples/steps/critic.py sets it around its own call only)."""

    def __init__(self, messages: Any, guard: "ModelGuard") -> None:
        self._messages = messages
        self._guard = guard

    def __getattr__(self, name: str) -> Any:
        return getattr(self._messages, name)

    async def create(self, **request: Any) -> Any:
        self._guard.inspect(request)
        return await self._messages.create(**request)


class ModelGuard:
    """Counts and checks every model request of the run against the held-out filter."""

    def __init__(self, leak_filter: LeakFilter) -> None:
        self.filter = leak_filter
        self.checked = 0
        self.exempt = False
        self.exempted = 0

    def inspect(self, request: dict[str, Any]) -> None:
        if self.exempt:
            self.exempted += 1
            return
        self.checked += 1
        for part in ("system", "messages"):
            if self.filter.count(texts_of(request.get(part))):
                raise ModelRequestLeak("system prompt" if part == "system" else part)

    def wrap(self, client: Any) -> Any:
        return _GuardedClient(client, self)


class _GuardedClient:
    def __init__(self, client: Any, guard: ModelGuard) -> None:
        self._client = client
        self.messages = GuardedMessages(client.messages, guard)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)
