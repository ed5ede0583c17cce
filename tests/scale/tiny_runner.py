"""A test runner small enough for hundreds of sandboxed runs: the scale repositories' `.smith.yml`
runs it instead of pytest, so a run's cost is Smith's own work, not pytest's start-up.

`RUNNER` is the file committed into each repository; `SMITH_YML` points the tests at it.
It takes the JUnit path and test ids (`path::name` or a file), imports each file, calls its
`test_*` functions and writes a JUnit report: an AssertionError is a `<failure>`, anything else
an `<error>`, as pytest reports them.
"""

SMITH_YML = """\
tests:
  command: python run_tests.py {junit} {tests}
  paths: ["tests/**"]
"""

RUNNER = '''\
"""Run test functions and write a JUnit report: python run_tests.py REPORT [ID ...]."""
import glob
import importlib.util
import sys
import traceback
from xml.sax.saxutils import quoteattr

sys.path.insert(0, ".")


def selected(ids):
    wanted = {}
    for test_id in ids or sorted(glob.glob("tests/test_*.py")):
        path, _, name = test_id.partition("::")
        wanted.setdefault(path, set()).update([name] if name else [])
    return wanted


def run(path, names):
    cases = []
    try:
        spec = importlib.util.spec_from_file_location(path[:-3].replace("/", "."), path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except BaseException as exc:
        return [(path, "import", "error", type(exc).__name__, traceback.format_exc())]
    for name in sorted(n for n in vars(module) if n.startswith("test_")):
        if names and name not in names:
            continue
        try:
            getattr(module, name)()
            cases.append((path, name, None, "", ""))
        except AssertionError as exc:
            cases.append((path, name, "failure", "AssertionError", repr(exc)))
        except BaseException as exc:
            cases.append((path, name, "error", type(exc).__name__, traceback.format_exc()))
    return cases


def main(report, ids):
    cases = [case for path, names in selected(ids).items() for case in run(path, names)]
    lines = ['<testsuite name="tiny" tests="%d">' % len(cases)]
    for path, name, kind, error, text in cases:
        lines.append("<testcase classname=\\"\\" name=%s file=%s>"
                     % (quoteattr(name), quoteattr(path)))
        if kind:
            lines.append("<%s type=%s message=%s/>" % (kind, quoteattr(error), quoteattr(text)))
        lines.append("</testcase>")
    lines.append("</testsuite>")
    with open(report, "w") as out:
        out.write("\\n".join(lines))
    return 1 if any(kind for _, _, kind, _, _ in cases) else 0


sys.exit(main(sys.argv[1], sys.argv[2:]))
'''
