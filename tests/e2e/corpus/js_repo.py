"""A JavaScript repository: `npm ci` fills `node_modules` (a setup output, not ignored), jest
runs the tests. Offline: the one dependency is a tarball inside the repository, and jest comes
from the operator's tools folder on the sandbox PATH (installed by `.ci/run`)."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from tests.e2e import script
from tests.e2e.corpus.gitutil import Files, write_files
from tests.e2e.corpus.story import Story

JS_TOOLS = Path(os.environ.get("SMITH_TEST_JS_TOOLS", Path.home() / ".cache/smith/js-tools"))
JS_BIN = JS_TOOLS / "node_modules" / ".bin"
REPORTER = JS_TOOLS / "node_modules" / "jest-junit"

PRICES = """const padCents = require('pad-cents');

/** "12.34" for 1234 cents. */
function formatPrice(cents) {
  const whole = Math.floor(cents / 100);
  return `${whole}.${padCents(cents % 10)}`;
}

module.exports = { formatPrice };
"""
PRICES_TEST = """const { formatPrice } = require('./prices');

test('whole amounts keep two zeros', () => {
  expect(formatPrice(500)).toBe('5.00');
});
"""
RED_TEST = """const { formatPrice } = require('./prices');

test('cents keep both digits', () => {
  expect(formatPrice(1234)).toBe('12.34');
});
"""
PAD_INDEX = "module.exports = (n) => String(n).padStart(2, '0');\n"
QUOTE = "formatPrice(1234) returns 12.34"
ISSUE_TITLE = "formatPrice() drops the tens of cents"
ISSUE_BODY = ("Calling `formatPrice(1234)` shows 12.04.\n\nExpected: formatPrice(1234) returns "
              "12.34")


def missing_tools() -> str | None:
    """Why the JavaScript case cannot run here, or None."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        return "npm/node are not installed"
    if not (JS_BIN / "jest").exists() or not REPORTER.exists():
        return f"jest tools missing: npm install --prefix {JS_TOOLS} jest@29 jest-junit@16"
    return None


def _tarball() -> bytes:
    """The `pad-cents` package as npm packs it (a `package/` folder in a gzipped tar)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, text in (("package/package.json",
                            json.dumps({"name": "pad-cents", "version": "1.0.0",
                                        "main": "index.js"})),
                           ("package/index.js", PAD_INDEX)):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def smith_yml() -> str:
    command = ("JEST_JUNIT_OUTPUT_FILE={junit} JEST_JUNIT_ADD_FILE_ATTRIBUTE=true "
               "JEST_JUNIT_REPORT_TEST_SUITE_ERRORS=true jest --ci --forceExit "
               f"--reporters=default --reporters={REPORTER} -- {{tests}}")
    return (
        "language: javascript\n"
        "setup:\n"
        '  command: "npm ci --offline --no-audit --no-fund --cache .npm-cache"\n'
        '  dependency_files: ["package-lock.json"]\n'
        '  cache_paths: ["node_modules"]\n'
        "tests:\n"
        f"  command: {json.dumps(command)}\n"
    )


def npm_repo() -> Files:
    """The repository, with a real `package-lock.json` written by npm (offline)."""
    files: Files = {
        "package.json": json.dumps({
            "name": "prices", "version": "1.0.0", "private": True,
            "dependencies": {"pad-cents": "file:vendor/pad-cents-1.0.0.tgz"},
        }, indent=2) + "\n",
        "vendor/pad-cents-1.0.0.tgz": _tarball(),
        "prices.js": PRICES,
        "prices.test.js": PRICES_TEST,
        ".smith.yml": smith_yml(),
    }
    with tempfile.TemporaryDirectory() as tmp:
        write_files(Path(tmp), files)
        subprocess.run(["npm", "install", "--package-lock-only", "--offline", "--no-audit",
                        "--no-fund", "--cache", str(Path(tmp) / ".npm-cache")],
                       cwd=tmp, check=True, capture_output=True)
        files["package-lock.json"] = (Path(tmp) / "package-lock.json").read_text()
    return files


def js_story() -> Story:
    return Story(
        source="prices.js",
        red_file="cents.test.js",
        red_test=RED_TEST,
        red_id="cents.test.js",
        fix={"path": "prices.js", "old": "padCents(cents % 10)", "new": "padCents(cents % 100)"},
        acceptance={"status": "ready", "criteria": [
            {"id": "AC1", "kind": "primary", "behaviour": "formatPrice(1234) returns 12.34",
             "quote": QUOTE}], "missing_data": [], "questions": []},
        diagnosis={
            "hypothesis": "formatPrice keeps only the last digit of the cents.",
            "root_cause": "formatPrice() pads cents % 10 instead of cents % 100, so the tens "
                          "of cents are lost.",
            "locations": [{"path": "prices.js", "start_line": 4, "end_line": 7}],
            "rejected_hypotheses": [{"hypothesis": "pad-cents pads wrongly",
                                     "why_rejected": "vendor/pad-cents pads to two digits"}],
            "layer": "library function", "scope": "single_bug", "invariant_change": None,
            "confirmed_assumptions": [{"assumption": "cents are integers",
                                       "evidence": "prices.js:4"}],
        },
        implementation={**script.IMPLEMENTATION,
                        "summary": "formatPrice() pads the last two digits of the cents.",
                        "checklist": {"done": ["AC1: formatPrice(1234) returns 12.34"],
                                      "left": [], "could_not": []},
                        "declared_tests": ["prices.test.js"]},
        verdict={"criteria": [{"id": "AC1", "covered": True,
                               "evidence": "+  return `${whole}.${padCents(cents % 100)}`;"}],
                 "over_engineering": None, "honesty_concerns": []},
        judge={"explains_symptom": True,
               "why": "1234 % 10 is 4, padded to 04: 12.04, the symptom.",
               "latched_onto": "prices.js, padCents(cents % 10)"},
    )
