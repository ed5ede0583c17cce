"""The lazy graph's full build holds back while its first question is answered, then goes."""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bot.codegraph.lazy as lazy_module
from bot.codegraph import IndexOptions, build_index
from bot.codegraph.lazy import LazyCodeGraph
from tests.codegraph.conftest import write_tree

TREE: dict[str, str | bytes] = {
    "shop/prices.py": """
        import decimal


        def price(item):
            return decimal.Decimal(item.cost)
        """,
    "shop/cart.py": """
        from shop.prices import price


        def total(items):
            return sum(price(item) for item in items)
        """,
    "web/prices.js": "export function price(x) { return x; }\n",
}
INLINE = IndexOptions(workers=1)
# Long enough that a question asked right after creation is asked within it on any machine:
# then only the question's end can release the build.
LONG_GRACE = 30.0
WAIT = 30.0  # what a test waits at most for something that should happen at once


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    write_tree(root, TREE)
    return root


def watch_full_build(
    monkeypatch: pytest.MonkeyPatch, hold: threading.Event | None = None
) -> threading.Event:
    """An event set when the lazy graph's background thread enters the real `build_index`
    (which walks, reads and parses the whole checkout); with `hold`, the build then waits for
    it, so questions asked meanwhile are still answered from their candidates."""
    began = threading.Event()
    build = lazy_module.build_index

    def build_and_tell(*args: Any, **kwargs: Any) -> Any:
        began.set()
        if hold is not None:
            hold.wait(WAIT)
        return build(*args, **kwargs)

    monkeypatch.setattr(lazy_module, "build_index", build_and_tell)
    return began


def before_each_question_parse(
    monkeypatch: pytest.MonkeyPatch, hook: Callable[[int], None]
) -> None:
    """Run `hook(n)` (n = 1, 2, ...) as the n-th question reaches its parse, the last step of
    answering it (after its walk and reads); then parse as usual."""
    parse = lazy_module.extract_batch
    count = 0
    counting = threading.Lock()

    def hook_then_parse(items: list[tuple[str, str, bytes]]) -> Any:
        nonlocal count
        with counting:
            count += 1
            n = count
        hook(n)
        return parse(items)

    monkeypatch.setattr(lazy_module, "extract_batch", hook_then_parse)


def test_the_build_waits_for_the_first_answer_even_past_the_grace(
    checkout: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    began = watch_full_build(monkeypatch)
    lazy = LazyCodeGraph(checkout, options=INLINE, start=False, grace=0.0)
    seen: list[bool] = []

    def start_then_look(_n: int) -> None:
        lazy.start()  # the builder starts while the first question is being answered
        seen.append(began.wait(0.15))  # longer than the grace: the question still holds it

    before_each_question_parse(monkeypatch, start_then_look)
    answer = lazy.find_references("price")

    assert seen == [False]
    full = lazy.wait(timeout=WAIT)  # released by the answer
    assert began.is_set()
    assert answer == full.find_references("price") and len(answer) == 2


def test_the_build_goes_on_its_own_when_no_question_comes(checkout: Path) -> None:
    lazy = LazyCodeGraph(checkout, options=INLINE, grace=0.01)

    full = lazy.wait(timeout=WAIT)

    assert lazy.ready and full.report.files == 3


def test_a_first_question_that_raises_releases_the_build(
    checkout: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    walk = lazy_module.walk_sources
    walks = 0

    def fail_once(*args: Any, **kwargs: Any) -> Any:  # only the questions' walk, not the build's
        nonlocal walks
        walks += 1
        if walks == 1:
            raise OSError(errno.EIO, "Input/output error")
        return walk(*args, **kwargs)

    monkeypatch.setattr(lazy_module, "walk_sources", fail_once)
    lazy = LazyCodeGraph(checkout, options=INLINE, grace=LONG_GRACE)

    with pytest.raises(OSError, match="Input/output"):
        lazy.find_symbol("price")
    full = lazy.wait(timeout=WAIT)  # well before the grace ends: the failure released it

    assert full.report.files == 3
    assert [d.path for d in lazy.find_symbol("price")] == ["shop/prices.py", "web/prices.js"]


def test_concurrent_first_questions_hold_the_build_only_for_the_first(
    checkout: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    questions = [
        ("find_references", "price"),
        ("find_symbol", "price"),
        ("find_references", "decimal"),
        ("find_symbol", "total"),
    ]
    second_answered = threading.Event()
    began = watch_full_build(monkeypatch, hold=second_answered)
    seen: dict[int, bool] = {}

    def look(n: int) -> None:
        # The first question sees no build. The next, queued behind it, waits for the build
        # to begin: a build that waited for it too would leave it waiting.
        seen[n] = began.is_set() if n == 1 else began.wait(WAIT)
        if n == 2:
            second_answered.set()

    before_each_question_parse(monkeypatch, look)
    lazy = LazyCodeGraph(checkout, options=INLINE, grace=LONG_GRACE)
    barrier = threading.Barrier(len(questions))
    answers: dict[tuple[str, str], Any] = {}

    def ask(method: str, name: str) -> None:
        barrier.wait()
        answers[(method, name)] = getattr(lazy, method)(name)

    threads = [threading.Thread(target=ask, args=question) for question in questions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)

    # Questions after the second may meet the full graph: it is not held for them either.
    assert seen.pop(1) is False
    assert 2 in seen and all(seen.values())
    full = build_index(checkout, None, options=INLINE)
    assert answers == {(m, n): getattr(full, m)(n) for m, n in questions}
    assert lazy.wait(timeout=WAIT).report.files == 3
