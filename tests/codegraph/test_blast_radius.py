"""Blast radius: one and two hops of callers, files and packages, rated by thresholds."""

from __future__ import annotations

from bot.codegraph import BlastRadiusThresholds


# core.helper ← a.use_1..n (one package) ← b.top (another package)
def fanout_repo(direct_callers: int, packages: int = 1) -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = {
        "core/helpers.py": """
            def helper():
                return 1


            def lonely():
                return helper()
            """,
    }
    for i in range(direct_callers):
        package = f"pkg{i % packages}"
        files[f"{package}/use_{i}.py"] = (
            f"from core.helpers import helper\n\n\ndef use_{i}():\n    return helper()\n"
        )
    files["top/main.py"] = "def top():\n    return use_0() + use_1()\n"
    return files


def test_a_function_nobody_calls_is_low(index_tree) -> None:
    graph = index_tree(fanout_repo(direct_callers=0))

    radius = graph.blast_radius(graph.find_symbol("top"))

    assert radius.rating == "low"
    assert (radius.direct_callers, radius.direct_files, radius.two_hop_files) == (0, 0, 0)
    assert radius.changed == ["top"]


def test_direct_and_two_hop_numbers(index_tree) -> None:
    graph = index_tree(fanout_repo(direct_callers=3, packages=2))

    radius = graph.blast_radius(["core.helpers.helper"])

    assert radius.changed == ["helper"]
    # use_0, use_1, use_2 and lonely call helper
    assert sorted(d.qualname for d in radius.callers) == ["lonely", "use_0", "use_1", "use_2"]
    assert radius.direct_callers == 4
    assert radius.call_sites == 4
    assert radius.direct_files == 4  # core/helpers.py, pkg0/use_0, pkg1/use_1, pkg0/use_2
    assert radius.direct_packages == 3  # core, pkg0, pkg1
    # top calls use_0 and use_1: one more caller, file and package two hops away
    assert radius.two_hop_callers == 5
    assert radius.two_hop_files == 5
    assert radius.two_hop_packages == 4


def test_ratings_follow_the_thresholds_passed_in(index_tree) -> None:
    graph = index_tree(fanout_repo(direct_callers=6, packages=1))
    changed = graph.find_symbol("helper")
    strict = BlastRadiusThresholds(
        medium_callers=2,
        high_callers=5,
        medium_files=100,
        high_files=200,
        medium_packages=100,
        high_packages=200,
    )
    lenient = BlastRadiusThresholds(
        medium_callers=5,
        high_callers=50,
        medium_files=100,
        high_files=200,
        medium_packages=100,
        high_packages=200,
    )
    loose = BlastRadiusThresholds(
        medium_callers=50,
        high_callers=60,
        medium_files=100,
        high_files=200,
        medium_packages=100,
        high_packages=200,
    )

    high = graph.blast_radius(changed, strict)
    medium = graph.blast_radius(changed, lenient)
    low = graph.blast_radius(changed, loose)

    assert (high.rating, medium.rating, low.rating) == ("high", "medium", "low")
    assert high.direct_callers == 7
    assert high.reasons[0] == "direct callers: 7 >= 5 (high)"
    assert medium.reasons[0] == "direct callers: 7 >= 5 (medium)"
    assert "direct callers: 7 < 50" in low.reasons[0]


def test_spread_over_packages_alone_raises_the_rating(index_tree) -> None:
    graph = index_tree(fanout_repo(direct_callers=3, packages=3))

    radius = graph.blast_radius(graph.find_symbol("helper"), BlastRadiusThresholds())

    # 4 callers < 5 and 6 files < 12, but core + pkg0..2 + top = 5 packages >= 5
    assert radius.rating == "high"
    assert radius.reasons[0] == "packages within two hops: 5 >= 5 (high)"
    assert radius.reasons[1].startswith("callers counted: core/helpers.py:lonely, ")


def test_changed_definitions_do_not_count_as_their_own_callers(index_tree) -> None:
    graph = index_tree(
        {
            "m.py": """
                def walk(node):
                    return [walk(c) for c in node] + [visit(node)]


                def visit(node):
                    return walk(node)
                """,
        }
    )

    radius = graph.blast_radius(graph.find_symbol("walk") + graph.find_symbol("visit"))

    assert radius.direct_callers == 0
    assert radius.rating == "low"


def test_definitions_touched_feed_the_blast_radius(index_tree) -> None:
    graph = index_tree(fanout_repo(direct_callers=2))

    touched = graph.definitions_touched("core/helpers.py", [(2, 2)])
    radius = graph.blast_radius(touched)

    assert [d.qualname for d in touched] == ["helper"]
    assert radius.direct_callers == 3


def test_a_constructor_is_reached_through_its_class_name(index_tree) -> None:
    graph = index_tree(
        {
            "shop/cart.py": """
                class Cart:
                    def __init__(self):
                        self.items = []


                class Order:
                    def __init__(self):
                        super().__init__()
                """,
            "shop/api.py": """
                from shop.cart import Cart


                def new_cart():
                    return Cart()
                """,
            "src/Shop.java": """
                class Shop {
                    Shop() {}

                    static Shop open() {
                        return new Shop();
                    }
                }
                """,
        }
    )
    (cart_init,) = [d for d in graph.find_symbol("__init__") if d.qualname == "Cart.__init__"]

    assert [d.qualname for d in graph.callers(cart_init)] == ["new_cart"]
    assert graph.blast_radius([cart_init]).direct_callers == 1
    assert [d.qualname for d in graph.callers(graph.find_symbol("Shop.Shop")[0])] == ["Shop.open"]


def test_same_named_methods_of_other_classes_are_possible_callers_not_counted(index_tree) -> None:
    """A method called twice in the project must not be rated by every `.save()` of every other
    class (issue #30: 41 'direct callers' for a method with two): only files that name its
    class (import, construct, check it) or its own file count; the rest are shown as possible."""
    files: dict[str, str | bytes] = {
        "shop/cart.py": "class Cart:\n    def save(self):\n        return 1\n\n"
                        "    def checkout(self):\n        return self.save()\n",
        "shop/views.py": "from shop.cart import Cart\n\n\ndef buy():\n    return Cart().save()\n",
    }
    for n in range(12):  # unrelated classes with their own save(), and their callers
        files[f"other/m{n}.py"] = (f"class Thing{n}:\n    def save(self):\n        return 0\n\n\n"
                                   f"def store_{n}(thing):\n    return thing.save()\n")
    graph = index_tree(files)
    [target] = [d for d in graph.find_symbol("save") if d.qualname == "Cart.save"]

    radius = graph.blast_radius([target], BlastRadiusThresholds(medium_callers=5,
                                                                high_callers=10))

    assert radius.direct_callers == 2  # Cart.checkout (its own file) and views.buy (imports Cart)
    assert {c.qualname for c in radius.callers} == {"Cart.checkout", "buy"}
    assert radius.possible_callers == 12 and radius.rating == "low"
    assert any("12 possible caller(s) by name only" in r for r in radius.reasons)
    assert any(r.startswith("callers counted: shop/cart.py:Cart.checkout") for r in radius.reasons)
