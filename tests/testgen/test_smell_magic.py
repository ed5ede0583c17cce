"""`magic_numbers` (issue #28 item 6): a number is magic when nothing explains it. An input
whose digits the test's expected value shows (`1999` → `'19.99 EUR'`, `year=2024` →
`'INV-2024-000042'`) is explained by it; the same number beside an expectation that does not
show it still warns."""

from __future__ import annotations

import pytest

from bot.chains.tests.testfiles import analyse, subject_of

PY = subject_of("fmt.py", "def amount(cents):\n    return f'{cents / 100:.2f} EUR'\n\n\n"
                "def number(year, seq):\n    return f'INV-{year}-{seq:06d}'\n")
JS = subject_of("fmt.js", "export function amount(c) { return `${(c / 100).toFixed(2)} EUR`; }\n"
                "export const grouped = (n) => n.toLocaleString('en-US');\n")


def warned(source: str, path: str) -> bool:
    report = analyse(source, path, PY if path.endswith(".py") else JS)
    return any(s.kind == "magic_numbers" for s in report.smells)


@pytest.mark.parametrize(("magic", "path", "source"), [
    (False, "test_a.py", ("from fmt import amount\n\n\ndef test_x():\n"
     "    assert amount(1999) == '19.99 EUR'\n")),
    (False, "test_a.py", ("from fmt import number\n\n\ndef test_x():\n"
     "    assert number(year=2024, seq=42) == 'INV-2024-000042'\n")),
    (True, "test_a.py", ("from fmt import amount\n\n\ndef test_x():\n"
     "    assert amount(86400) != 'none'\n    assert amount(86400).endswith('EUR')\n")),
    (False, "a.test.js", ("import { amount, grouped } from './fmt.js';\n"
     "test('t', () => { expect(amount(1999)).toBe('19.99 EUR'); });\n")),
    (False, "a.test.ts", ("import { amount, grouped } from './fmt.js';\n"
     "test('t', () => { assert.equal(grouped(1234.5), '1,234.5'); });\n")),
    (True, "a.test.js", ("import { amount, grouped } from './fmt.js';\n"
     "test('t', () => { expect(amount(86400).endsWith('EUR')).toBe(true); });\n")),
])
def test_an_input_the_expected_value_shows_is_no_magic_number(
        magic: bool, path: str, source: str) -> None:
    assert warned(source, path) is magic


@pytest.mark.parametrize(("magic", "path", "source"), [
    (False, "test_a.py", ("from fmt import amount\n\n\ndef test_x():\n"
     "    # 3 x 86400 = 259200 s: three days\n    assert amount(259200).endswith('EUR')\n")),
    (False, "test_a.py", ("from fmt import amount\n\n\n# 259200 s is three days\n"
     "def test_x():\n    assert amount(259200).endswith('EUR')\n")),
    (True, "test_a.py", ("from fmt import amount\n\n\ndef test_x():\n"
     "    # three days\n    assert amount(259200).endswith('EUR')\n")),
    (True, "test_a.py", ("from fmt import amount\n\n\ndef test_x():\n"
     "    assert amount(259200).endswith('# 259200')\n")),  # a string, not a comment
    (False, "a.test.js", ("import { amount } from './fmt.js';\n"
     "test('t', () => {\n  // 3 x 86400 s = 259200 s\n"
     "  expect(amount(259200).endsWith('EUR')).toBe(true);\n});\n")),
    (False, "a.test.js", ("import { amount } from './fmt.js';\n// 259200 s: three days\n"
     "test('t', () => { expect(amount(259200).endsWith('EUR')).toBe(true); });\n")),
    (True, "a.test.js", ("import { amount } from './fmt.js';\n"
     "test('t', () => {\n  // three days\n"
     "  expect(amount(259200).endsWith('EUR')).toBe(true);\n});\n")),
])
def test_a_number_a_comment_works_out_is_no_magic_number(
        magic: bool, path: str, source: str) -> None:
    """The working shown in a comment in the test or right above it explains the number;
    a comment that does not show it, or the digits inside a string, does not."""
    assert warned(source, path) is magic
