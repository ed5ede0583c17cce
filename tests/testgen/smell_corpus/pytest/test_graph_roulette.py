# smells: assertion_roulette
from graphs.paths import neighbours, reachable, shortest_path

G = {"a": {"b": 1}, "b": {"c": 2}, "c": {}}


def test_graph_helpers():
    assert neighbours(G, "a") == ["b"]
    assert neighbours(G, "c") == []
    assert reachable(G, "a") == {"a", "b", "c"}
    assert reachable(G, "c") == {"c"}
    assert shortest_path(G, "a", "c")[1] == 3
    assert shortest_path(G, "c", "a") is None
