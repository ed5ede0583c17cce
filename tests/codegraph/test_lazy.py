"""The lazy graph answers from candidate files before its full index exists, and the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.codegraph import CodeGraphError, IndexOptions, build_index
from bot.codegraph.lazy import LazyCodeGraph, holds_word
from tests.codegraph.conftest import swap_for_link_after_walk, write_tree

TREE: dict[str, str | bytes] = {
    "shop/cart.py": """
        from shop.prices import price, Discount


        class Cart:
            def total(self, items):
                return sum(price(item) for item in items)

            def price(self):
                return self.total([])
        """,
    "shop/prices.py": """
        import decimal


        def price(item):
            return decimal.Decimal(item.cost)


        class Discount:
            def apply(self, amount):
                return price(amount)  # priced
        """,
    "shop/notes.py": "TEXT = 'no pricing here: priceless'\n",
    # The reference scanner gives up on a unary star before a call (tree-sitter reads
    # `[*price(1)]` as a call of `*price`): the file is parsed, as the full index does.
    "shop/starred.py": "items = [*price(1)]\ntotal = price(2) + prices.price\n",
    "web/app.js": "import { price } from './prices.js';\nfunction show() { return price(1); }\n",
    "web/prices.js": "export function price(x) { return x; }\n",
}
QUESTIONS = [
    ("find_symbol", "price"),
    ("find_symbol", "Cart.price"),
    ("find_symbol", "shop.prices.price"),
    ("find_symbol", "Discount"),
    ("find_references", "price"),
    ("find_references", "decimal"),
    ("find_references", "shop.prices"),
    ("find_references", "total"),
    ("find_references", "shop.prices.price"),
    ("find_references", "prices.price"),
    ("find_symbol", "missing"),
]


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    write_tree(root, TREE)
    return root


def test_answers_before_the_index_are_the_full_graphs_answers(checkout: Path) -> None:
    full = build_index(checkout, None, options=IndexOptions(workers=1))
    lazy = LazyCodeGraph(checkout, start=False)

    early = {(method, name): getattr(lazy, method)(name) for method, name in QUESTIONS}

    assert not lazy.ready
    for (method, name), answer in early.items():
        assert answer == getattr(full, method)(name), (method, name)
    assert [r.path for r in early[("find_references", "price")]].count("shop/notes.py") == 0
    assert [(r.path, r.line) for r in early[("find_references", "price")] if "starred" in r.path] == [
        ("shop/starred.py", 2),
        ("shop/starred.py", 2),
    ]


def test_references_are_read_beneath_the_checkout_without_links(
    checkout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host_file = tmp_path / "host.py"
    host_file.write_text("secret.leak()\n")

    swap_for_link_after_walk(monkeypatch, checkout / "shop/cart.py", host_file)
    lazy = LazyCodeGraph(checkout, start=False)
    assert lazy.find_references("leak") == []  # the first question walks, then reads
    assert [r.path for r in lazy.find_references("Decimal")] == ["shop/prices.py"]


def test_once_built_every_question_goes_to_the_full_graph(checkout: Path, tmp_path: Path) -> None:
    lazy = LazyCodeGraph(checkout, tmp_path / "cache", options=IndexOptions(workers=1), grace=0)

    graph = lazy.wait(timeout=60)
    (checkout / "shop/late.py").write_text("def price():\n    pass\n")  # not in the index

    assert lazy.ready and graph.report.files == 6
    assert [d.path for d in lazy.find_symbol("price")] == ["shop/cart.py", "shop/prices.py",
                                                          "web/prices.js"]
    assert lazy.blast_radius(["shop.prices.price"]).direct_callers == 3
    assert lazy.report.reparsed == 6


def test_an_unusable_root_raises_at_once(tmp_path: Path) -> None:
    with pytest.raises(CodeGraphError, match="cannot index"):
        LazyCodeGraph(tmp_path / "missing")


@pytest.mark.parametrize(
    ("data", "word", "defined", "expected"),
    [
        (b"x = price(1)", b"price", False, True),
        (b"priceless = 1", b"price", False, False),
        (b"$price = 1", b"price", False, False),
        (b"unit_price = 1", b"price", False, False),
        (b"pr\xc3\xa9price = 1", b"price", False, False),
        (b"a.price", b"price", False, True),
        (b"price", b"price", False, True),
        (b"x = price(1)", b"price", True, False),
        (b"    def price(self):", b"price", True, True),
        (b"class  price:", b"price", True, True),
        (b"def \\\n    price():", b"price", True, True),
        (b"undef price", b"price", True, False),
        (b"x = price\ndef price_of():\n    pass\ndef price(): pass", b"price", True, True),
    ],
)
def test_holds_word(data: bytes, word: bytes, defined: bool, expected: bool) -> None:
    assert holds_word(data, word, defined=defined) is expected
