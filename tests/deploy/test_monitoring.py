"""deploy/monitoring: the Grafana dashboard and the alert rules parse, and every PromQL
expression in them names only series Smith exports (a renamed metric breaks this test, not an
operator's night)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import promql_parser
import pytest
import yaml
from prometheus_client import CollectorRegistry

from bot.metrics import PROCESS, Metrics
from bot.scrape import StoreSnapshot, families

ROOT = Path(__file__).resolve().parents[2]
MONITORING = ROOT / "deploy" / "monitoring"
SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"), "gauge": ("",)}


def exported() -> set[str]:
    """Every sample name Smith's `/metrics` can carry."""
    found = set()
    registries: list[CollectorRegistry] = [Metrics().registry, PROCESS]
    metrics = [family for registry in registries for family in registry.collect()]
    metrics += families(StoreSnapshot(top=frozenset()))
    for family in metrics:
        found.update(family.name + suffix for suffix in SUFFIXES[family.type])
    return found


def selectors(node: object) -> Iterator[str]:
    """The metric names of every vector selector in a parsed expression."""
    if isinstance(node, promql_parser.VectorSelector):
        yield node.name
        return
    for attr in ("lhs", "rhs", "expr", "param", "vector_selector"):
        child = getattr(node, attr, None)
        if child is not None:
            yield from selectors(child)
    for arg in getattr(node, "args", None) or ():
        yield from selectors(arg)


def alert_rules() -> list[dict]:
    document = yaml.safe_load((MONITORING / "alerts.yaml").read_text())
    return [rule for group in document["groups"] for rule in group["rules"]]


def dashboard_targets() -> list[tuple[str, str]]:
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    return [(panel["title"], target["expr"]) for panel in dashboard["panels"]
            if panel["type"] != "row" for target in panel["targets"]]


def test_selector_walk_finds_names_inside_functions_and_aggregations():
    expr = promql_parser.parse(
        'histogram_quantile(0.9, sum by (le) (rate(a_bucket[5m]))) / on () -(b) '
        'or max_over_time(c[1h:5m])')
    assert sorted(selectors(expr)) == ["a_bucket", "b", "c"]


@pytest.mark.parametrize("source", ["alerts", "dashboard"])
def test_every_expression_parses_and_names_exported_series(source):
    exports = exported()
    expressions = ([(rule["alert"], rule["expr"]) for rule in alert_rules()]
                   if source == "alerts" else dashboard_targets())
    assert expressions
    for title, expr in expressions:
        names = set(selectors(promql_parser.parse(expr)))
        assert names, f"{title}: names no series"
        assert names <= exports, f"{title}: {sorted(names - exports)} are not exported"


def test_the_alerts_operators_asked_for_are_there():
    rules = {rule["alert"]: rule for rule in alert_rules()}
    assert {"SmithQueueStuck", "SmithRunsFailing", "SmithBudgetNearCap",
            "SmithRepositoryBudgetNearCap", "SmithModelErrors"} <= set(rules)
    assert ">= 0.8" in rules["SmithBudgetNearCap"]["expr"]
    for name, rule in rules.items():
        assert rule["labels"]["severity"] in {"critical", "warning", "info"}, name
        assert rule["annotations"]["summary"], name


def test_the_dashboard_uses_a_datasource_variable_and_unique_panel_ids():
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    [variable] = dashboard["templating"]["list"]
    assert variable["type"] == "datasource" and variable["query"] == "prometheus"
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for panel in dashboard["panels"]:
        if panel["type"] != "row":
            assert panel["datasource"]["uid"] == "${datasource}", panel["title"]
