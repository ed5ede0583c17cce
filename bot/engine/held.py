"""Values a run holds in memory only: computed on first use, never persisted, never shown.

The held-out examples of the acceptance chain (DESIGN §12) are the first such values: they
must never reach the database, the trajectory, the logs, a comment or a prompt. A graph
registers a `Held` key with the function that computes the value; `RunContext.held.get(key)`
computes it once per execution, so a resumed run recomputes it instead of reading it back.

The engine checks everything it writes (step rows, run state, trajectory events, endings,
comments through the run's forge, model inputs) against the held texts and stops the run with
`held_value_leak` instead of writing a match. The check compares case-folded text with runs of
whitespace collapsed; texts shorter than `Held.min_chars` are not checked (they would match
everywhere), so a chain that holds short values checks them itself.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

if TYPE_CHECKING:
    from bot.engine.context import RunContext

T = TypeVar("T")
_SPACE = re.compile(r"\s+")
LEAK_TEXT = ("a value this run may only hold in memory appeared in what it was about to write, "
             "so the run was stopped and nothing from it was published")


def leak_text(where: str) -> str:
    """The ending's reason for a held value found in `where` (never the value itself)."""
    return (f"a value this run may only hold in memory (a held-out example) appeared in "
            f"{where}, so the run was stopped and nothing from it was published")


class HeldValueLeak(Exception):
    """Something about to be written contains a held value. Never carries the value itself."""

    def __init__(self, where: str) -> None:
        self.where = where
        super().__init__(f"a held value would have been written to {where}")


def _texts_of(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts_of(item)
    elif isinstance(value, Iterable):
        for item in value:
            yield from _texts_of(item)


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text.casefold()).strip()


@dataclass(frozen=True, eq=False)
class Held(Generic[T]):
    """A key for one held value and the function that computes it from the run."""

    name: str
    provide: Callable[["RunContext"], Awaitable[T]]
    min_chars: int = 4

    def __repr__(self) -> str:
        return f"Held({self.name!r})"


class HeldValues:
    """The run's held values; its repr and str never show them."""

    def __init__(self, keys: Sequence[Held[Any]]) -> None:
        self._keys = {key.name: key for key in keys}
        self._values: dict[str, Any] = {}
        self._needles: list[str] = []

    def __repr__(self) -> str:
        return f"<HeldValues {sorted(self._values)}>"

    __str__ = __repr__

    async def get(self, key: Held[T], ctx: "RunContext") -> T:
        if self._keys.get(key.name) is not key:
            raise KeyError(f"{key!r} is not registered with this run's graph")
        if key.name not in self._values:
            value = await key.provide(ctx)
            self._values[key.name] = value
            self._needles += [needle for needle in map(normalise, _texts_of(value))
                              if len(needle) >= key.min_chars]
        return cast(T, self._values[key.name])

    def leaks_in(self, *texts: object) -> bool:
        """Whether any held text appears in `texts` (strings, or JSON-like data)."""
        if not self._needles:
            return False
        haystack = "\n".join(normalise(text) for value in texts for text in _texts_of(value))
        return any(needle in haystack for needle in self._needles)

    def check(self, where: str, *texts: object) -> None:
        if self.leaks_in(*texts):
            raise HeldValueLeak(where)


class GuardedForge:
    """The run's forge with every text argument checked before it leaves Smith.

    Only wrapped around the forge of a graph that registers held values."""

    def __init__(self, forge: Any, held: HeldValues) -> None:
        self._forge = forge
        self._held = held

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._forge, name)
        if not callable(attribute):
            return attribute

        def guarded(*args: Any, **kwargs: Any) -> Any:
            self._held.check(f"the forge ({name})", [a for a in args if isinstance(a, str)],
                             [v for v in kwargs.values() if isinstance(v, str)])
            return attribute(*args, **kwargs)

        return guarded
