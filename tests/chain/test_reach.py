"""Which tests QUALITY runs when nobody named one: those the code graph finds reaching the change."""

from __future__ import annotations

from pathlib import Path

from bot.codegraph.graph import CodeGraph
from bot.codegraph.index import build_index
from bot.kit.reach import MAX_REACHING_FILES, changed_lines, globs_matcher, reaching_tests
from bot.repo_config import RepoConfig

FILES = {
    "calc.py": "def average(values):\n    return sum(values) / (len(values) - 1)\n\n\n"
               "def total(values):\n    return sum(values)\n",
    "report.py": "from calc import average\n\n\ndef summary(values):\n"
                 "    return f'mean {average(values)}'\n",
    "shop/cart.py": "def price(items):\n    return sum(items)\n",
    "tests/test_report.py": "from report import summary\n\n\ndef test_summary():\n"
                            "    assert summary([2, 4]) == 'mean 3.0'\n",
    "tests/test_calc_module.py": "import calc\n\n\ndef test_total():\n"
                                 "    assert calc.total([1]) == 1\n",
    "tests/test_cart.py": "from shop.cart import price\n\n\ndef test_price():\n"
                          "    assert price([1]) == 1\n",
    "tests/conftest.py": "import calc\n",
    "tests/fakes/numbers.py": "from calc import average\n\n\ndef fake_mean(values):\n"
                              "    return average(values)\n",
}
AVERAGE_DIFF = """diff --git a/calc.py b/calc.py
--- a/calc.py
+++ b/calc.py
@@ -1,2 +1,2 @@
 def average(values):
-    return sum(values) / (len(values) - 1)
+    return sum(values) / len(values)
"""
IS_TEST = globs_matcher(RepoConfig().test_globs)


def graph_of(tmp_path: Path, files: dict[str, str] = FILES) -> CodeGraph:
    root = tmp_path / "repo"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return build_index(root, tmp_path / "cache")


def test_changed_lines_are_the_new_versions_ranges() -> None:
    assert changed_lines(AVERAGE_DIFF) == {"calc.py": [(1, 2)]}
    assert changed_lines("not a diff") == {}


def test_callers_within_two_hops_and_importers_of_the_module_reach_the_change(
    tmp_path: Path,
) -> None:
    reaching = reaching_tests(graph_of(tmp_path), AVERAGE_DIFF, IS_TEST)
    # test_summary calls summary, which calls average; test_calc_module imports calc.
    assert reaching == ["tests/test_calc_module.py", "tests/test_report.py"]
    assert "tests/test_cart.py" not in reaching  # another module, never called
    assert "tests/conftest.py" not in reaching  # not a test file to run
    assert "tests/fakes/numbers.py" not in reaching  # a helper beside the tests: nothing to run


def test_without_a_graph_only_changed_test_files_reach_it() -> None:
    diff = AVERAGE_DIFF + """diff --git a/tests/test_new.py b/tests/test_new.py
new file mode 100644
--- /dev/null
+++ b/tests/test_new.py
@@ -0,0 +1,2 @@
+def test_new():
+    assert True
"""
    assert reaching_tests(None, diff, IS_TEST) == ["tests/test_new.py"]
    assert reaching_tests(None, AVERAGE_DIFF, IS_TEST) == []  # then the suite runs


def test_too_many_reaching_files_mean_the_suite(tmp_path: Path) -> None:
    files = {"calc.py": FILES["calc.py"]}
    for n in range(MAX_REACHING_FILES + 1):
        files[f"tests/test_{n}.py"] = "import calc\n\n\ndef test_it():\n    assert calc\n"
    assert reaching_tests(graph_of(tmp_path, files), AVERAGE_DIFF, IS_TEST) == []
