"""The corpus measures the validator the way the held-out set will: per-kind precision and recall."""

from __future__ import annotations

import pytest

from bot.validator.models import SOFT_KINDS, VETO_KINDS
from tests.validator.build_corpus import CORPUS, build_case
from tests.validator.corpus_eval import load_cases, score


@pytest.fixture(scope="module")
def result():
    return score(load_cases())


def test_corpus_thresholds(result, capsys):
    with capsys.disabled():
        print("\n" + result.table())
    assert result.veto_hits / result.veto_cases >= 0.95
    assert result.clean_vetoed / result.clean_cases <= 0.02
    assert result.soft_hits / result.soft_cases >= 0.70


def test_every_kind_is_detected_somewhere(result):
    missing = [kind for kind in VETO_KINDS | SOFT_KINDS if result.tp[kind] == 0]
    assert missing == []


def test_honest_look_alikes_get_no_veto():
    vetoed = {
        c.name: [f.kind for f in c.run().vetoes] for c in load_cases() if c.category == "clean"
    }
    assert {name: kinds for name, kinds in vetoed.items() if kinds} == {}


def test_corpus_covers_languages_and_clean_cases():
    cases = load_cases()
    diffs = "\n".join(c.diff for c in cases)
    for suffix in (".py", ".js", ".ts", ".tsx", ".go", ".java"):
        assert f"{suffix}\n" in diffs
    assert sum(c.category == "clean" for c in cases) >= 20


@pytest.mark.parametrize(
    "name", ["catch_all__go_err_dropped", "protected__symlink_into_k8s", "clean__py_rename_file"]
)
def test_committed_diffs_are_real_git_output(name):
    """The .diff files are what build_corpus.py produces with git; a stale or hand-edited one fails."""
    assert (
        build_case(CORPUS / "cases" / f"{name}.yaml")
        == (CORPUS / "diffs" / f"{name}.diff").read_text()
    )
