"""Gate 5 from the smells' definitions, fifth engineer round (issue #28 item 6, the
`e28e_stock` look-alikes of the blind corpus's training part): each rule in Python and in
JavaScript or TypeScript beside the clean file it must not be confused with.

- tautology: the code's own ingredient counts only applied to the subject's inputs
  (`datetime.fromisoformat(stamp)` against `parse_since(stamp)`), not a literal of another
  field written beside them (`new Date('2024-05-01T10:00:00Z')` in the expected row); a step
  the checked function takes must share an argument with it, not only the object both are
  called on (a label added then found is a round trip);
- empty_test: a test that only builds with the file's own builders, or only throws names
  away (`void Stock;`), runs nothing; a helper that runs the code is no builder;
- mocks_sut: what the file's own helper replaces counts for the test that calls it, an
  object the helper built from a class of the module named by that class; a mock factory's
  `requireActual` export is kept, not replaced;
- tautology: a check that holds for any value (`isinstance(x, object)`, `typeof x` expected
  defined, `str(x)` expected a str, `p or not p`, an array literal expected an Array) is
  true by construction, a real type check of the code's result is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.chains.tests.testfiles import analyse, subject_of

TRAIN = Path(__file__).resolve().parent / "smell_blind" / "train"
LABELS = [label for label in yaml.safe_load((TRAIN / "labels.yaml").read_text(encoding="utf-8"))
          if label["subject"].startswith("e28e_stock")]


def test_every_rule_has_its_files_in_both_languages() -> None:
    smelly = {(kind, label["language"] == "python") for label in LABELS
              for kind in label.get("expect") or []}
    assert {kind for kind, _ in smelly} == {"tautology", "empty_test", "mocks_sut",
                                            "no_assertion"}
    assert all((kind, not python) in smelly for kind, python in smelly)
    assert sum(not label.get("expect") for label in LABELS) >= 8  # the clean look-alikes


@pytest.mark.parametrize("label", LABELS, ids=[label["file"] for label in LABELS])
def test_found_as_labelled(label: dict) -> None:
    subject = subject_of(label["subject"],
                         (TRAIN / label["subject"]).read_text(encoding="utf-8"))
    report = analyse((TRAIN / label["file"]).read_text(encoding="utf-8"), label["file"],
                     subject)
    found = {smell.kind for smell in report.smells if smell.level == "reject"}
    assert found == set(label.get("expect") or []), report.smells
