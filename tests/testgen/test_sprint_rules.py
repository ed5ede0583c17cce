"""The seed's deterministic signals for a sprint's tasks: a label naming one category decides,
paths decide when every telling path agrees; anything mixed or silent is the classifier's."""

from __future__ import annotations

import pytest

from bot.chains.tests.sprint_rules import by_labels, by_paths

PY = (".py",)
JS = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx")


@pytest.mark.parametrize(("labels", "expected"), [
    (["SRE"], "incidents"),
    (["type: frontend", "bug"], "frontend"),
    (["area/infra"], "technical"),
    (["dependencies"], "technical"),
    (["integration", "priority: high"], "adapters"),
    (["backend"], "core"),
    (["bug"], None),  # a bug can be anywhere
    (["frontend", "backend"], None),  # two categories: the model's
    ([], None),
])
def test_labels_decide_only_when_they_name_one_category(labels, expected) -> None:
    assert by_labels(labels) == expected


@pytest.mark.parametrize(("paths", "expected"), [
    (["billing/invoice.py", "tests/test_invoice.py"], "core"),
    (["web/app.css", "templates/page.html"], "frontend"),
    (["migrations/0042_add_column.py"], "technical"),
    (["requirements.txt", "pyproject.toml"], "technical"),
    ([".github/workflows/ci.yml"], "technical"),
    (["integrations/slack.py"], "adapters"),
    (["billing/invoice.py", "web/app.css"], None),  # a mix: the model's
    (["README.md", "tests/test_invoice.py"], None),  # nothing telling
    ([], None),
])
def test_paths_decide_when_every_telling_path_agrees(paths, expected) -> None:
    tests = {p for p in paths if p.startswith("tests/")}
    assert by_paths(paths, tests, PY) == expected


def test_a_javascript_repository_s_sources_are_not_front_end_by_suffix() -> None:
    assert by_paths(["src/cart.ts", "src/total.tsx"], set(), JS) == "core"
    assert by_paths(["src/components/Cart.tsx"], set(), JS) == "frontend"
