# smells: none
from graphs.paths import shortest_path


GRAPH = {"a": {"b": 1, "c": 4}, "b": {"c": 1, "d": 5}, "c": {"d": 1}, "d": {}}


def test_the_cheapest_route_wins_over_the_shortest():
    assert shortest_path(GRAPH, "a", "d") == (["a", "b", "c", "d"], 3)


def test_unreachable_node_has_no_path():
    assert shortest_path(GRAPH, "d", "a") is None


def test_path_to_self_is_free():
    assert shortest_path(GRAPH, "b", "b") == (["b"], 0)
