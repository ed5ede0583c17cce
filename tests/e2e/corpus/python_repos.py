"""Python repositories of the corpus, each the calc bug in a different real-world shape."""

from __future__ import annotations

import json

from tests.e2e.buggy_repo import CALC, TEST_CALC
from tests.e2e.corpus.gitutil import Files

# The README's `.smith.yml` example, offline: `--system-site-packages` lets the venv see the
# toolchain's pytest (there is no index to install it from); `pip install -r` still runs, so the
# venv is a real one with pip and thousands of files, none of which may reach the change.
README_VENV_YML = """\
language: python
tests:
  command: "python -m pytest {tests} --junitxml={junit} -q"
setup:
  command: "python -m venv --system-site-packages .venv && .venv/bin/pip install --no-index -q -r requirements.txt"
  dependency_files: ["requirements.txt"]
  cache_paths: [".venv"]
"""


def calc_project(prefix: str = "") -> Files:
    """calc.py with the bug, a passing test, and a conftest that puts the folder on sys.path."""
    return {f"{prefix}calc.py": CALC, f"{prefix}tests/test_calc.py": TEST_CALC,
            f"{prefix}conftest.py": ""}


def readme_venv() -> Files:
    """The README's example: a setup that builds `.venv`, cached; `.venv` is not ignored (the
    repository ignores only bytecode), so only the change set keeps it out."""
    return {**calc_project(), ".smith.yml": README_VENV_YML,
            "requirements.txt": "# runtime dependencies: none yet\n",
            ".gitignore": "*.egg-info/\n"}


def no_gitignore() -> Files:
    """No `.smith.yml` (Python with `python -m pytest` by default) and no `.gitignore`: test
    runs leave `__pycache__/` and `.pytest_cache/` that git would happily add."""
    return calc_project()


def undeclared_setup() -> Files:
    """The code imports a package that only `requirements.txt` names; no setup installs it."""
    calc = CALC.replace('"""Statistics helpers."""\n',
                        '"""Statistics helpers."""\nimport smith_corpus_missing_pkg  # noqa\n')
    return {"calc.py": calc, "tests/test_calc.py": TEST_CALC, "conftest.py": "",
            "requirements.txt": "smith-corpus-missing-pkg==1.0\n"}


MONOREPO_YML = """\
language: python
tests:
  command: "python -m pytest {tests} --junitxml={junit} -q"
  paths: ["services/api/tests/**"]
regression:
  command: "python -m pytest services/api/tests --junitxml={junit} -q"
"""


def monorepo() -> Files:
    """The Python project lives in `services/api/`; a second service and a web app sit next to
    it with their own files and tests."""
    return {
        **calc_project("services/api/"),
        "services/worker/jobs.py": "def run(job):\n    return job()\n",
        "services/worker/tests/test_jobs.py": (
            "from jobs import run\n\n\ndef test_run():\n    assert run(lambda: 7) == 7\n"),
        "services/worker/conftest.py": "",
        "web/package.json": json.dumps({"name": "web", "version": "0.0.1"}) + "\n",
        "web/src/app.js": "export const app = () => 'hello';\n",
        "README.md": "# A monorepo\n\nServices in `services/`, the web app in `web/`.\n",
        ".smith.yml": MONOREPO_YML,
    }


GENERATOR = '''"""Regenerates data/catalogue.json: a large generated file checked in next to the code."""
import json
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "data" / "catalogue.json"


def items():
    return [{"sku": f"SKU-{n:07d}", "name": f"item {n}", "price_cents": (n * 37) % 10000,
             "tags": ["generated", "catalogue", f"group-{n % 50}"]} for n in range(33000)]


def write(stamp=None):
    OUT.write_text(json.dumps({"generated_at": stamp if stamp is not None else time.time(),
                               "items": items()}, indent=1))
'''

TEST_CATALOGUE = '''import json

from tools import generate


def test_catalogue_is_regenerated_and_readable():
    generate.write()
    data = json.loads(generate.OUT.read_text())
    assert len(data["items"]) == 33000
'''


def large_generated_file() -> Files:
    """A ~5 MB generated JSON next to the fix, which the test suite regenerates on every run
    (so the checkout always has a 5 MB modification the agent never made)."""
    import importlib.util
    import sys
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        module_path = Path(tmp) / "generate.py"
        module_path.write_text(GENERATOR.replace(
            'Path(__file__).resolve().parent.parent / "data" / "catalogue.json"',
            f'Path({str(Path(tmp) / "out.json")!r})'))
        spec = importlib.util.spec_from_file_location("corpus_generate", module_path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules.pop("corpus_generate", None)
        spec.loader.exec_module(module)
        module.write(stamp=0)
        catalogue = (Path(tmp) / "out.json").read_text()
    return {**calc_project(), "tools/__init__.py": "", "tools/generate.py": GENERATOR,
            "data/catalogue.json": catalogue, "tests/test_catalogue.py": TEST_CATALOGUE,
            ".gitignore": "__pycache__/\n.pytest_cache/\n"}
