"""Coverage shown by code: the variant that mishandles a class, and the author's tree compared
with the critic's through the tests that code confirmed."""

from __future__ import annotations

from pathlib import Path

from bot.chains.examples.artifacts import Branch
from bot.chains.examples.state import ClassRow
from bot.chains.examples.trees import compare
from bot.chains.examples.variants import inputs_in_test, module_file, variant_source

ORIGINAL = "def matches(text):\n    return 'alarm' in text\n"


def _load(source: str) -> dict:
    namespace: dict = {}
    exec(compile(source, "alarm.py", "exec"), namespace)  # noqa: S102 - our own wrapper
    return namespace


def test_the_variant_flips_exactly_the_named_inputs_even_hostile_ones():
    hostile = ["set an alarm", "alarm'''\nimport os; os._exit(3)\n'''",
               'alarm"); raise SystemExit("']
    matches = _load(variant_source(ORIGINAL, "matches", hostile, False))["matches"]
    assert [matches(text) for text in hostile] == [False, False, False]
    assert matches("alarm at six") is True and matches("play music") is False


def test_with_no_named_input_the_branch_is_removed_for_every_input():
    matches = _load(variant_source(ORIGINAL, "matches", [], False))["matches"]
    assert not any(matches(text) for text in ("alarm", "an alarm please", "music"))


def test_only_inputs_written_in_the_test_file_count(tmp_path: Path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_alarm.py").write_text('assert matches("wake me at dawn")\n')
    found = inputs_in_test(tmp_path, "tests/test_alarm.py::test_x",
                           ["wake me at dawn", "play the radio", " "])
    assert found == ["wake me at dawn"]
    assert inputs_in_test(tmp_path, "../outside.py::test_x", ["x"]) == []


def test_the_entry_point_module_is_found_in_plain_and_src_layouts_never_through_a_link(
        tmp_path: Path):
    (tmp_path / "src/assistant").mkdir(parents=True)
    (tmp_path / "src/assistant/alarm.py").write_text(ORIGINAL)
    assert module_file(tmp_path, "assistant.alarm") == "src/assistant/alarm.py"
    (tmp_path / "assistant").mkdir()
    (tmp_path / "assistant/alarm.py").symlink_to("/etc/hostname")
    assert module_file(tmp_path, "assistant.alarm") == "src/assistant/alarm.py"
    assert module_file(tmp_path, "nothing.here") is None


def _row(cid: str, test: str | None, *, shown: bool | None = True) -> ClassRow:
    return ClassRow(id=cid, description=f"class {cid}", expected="accepted", test=test,
                    passed=test is not None, shown=shown)


def _branch(name: str, *tests: str) -> Branch:
    return Branch(description=f"branch {name}", expected="accepted", tests=list(tests))


def test_trees_agree_through_the_confirmed_covering_tests():
    classes = [_row("IC1", "t::a"), _row("IC2", "t::b")]
    assert not compare(classes, [_branch("x", "t::a"), _branch("y", "t::b", "t::c")])


def test_a_class_only_the_critic_found_and_a_branch_only_the_author_has():
    classes = [_row("IC1", "t::a"), _row("IC2", "t::b"), _row("IC3", None, shown=None)]
    divergence = compare(classes, [_branch("x", "t::a"), _branch("z", "t::z")])
    assert [row.id for row in divergence.critic_only] == ["IC2"]  # IC3 is a gap, not this
    assert [b.description for b in divergence.author_only] == ["branch z"]
    assert divergence.lines() == [
        "only in the critic's tree: IC2 class IC2 (expected: accepted)",
        "only in the author's tree: branch z (expected: accepted)"]


def test_a_refuted_claim_links_no_branch():
    divergence = compare([_row("IC1", "t::a", shown=False)], [_branch("x", "t::a")])
    assert divergence.critic_only == () and len(divergence.author_only) == 1


def test_a_class_without_accepts_takes_its_polarity_from_a_plain_expected_outcome():
    from bot.chains.examples.artifacts import InputClass
    from bot.chains.examples.steps.generate import polarity

    def cls(expected: str, accepts: bool | None = None) -> InputClass:
        return InputClass(id="IC1", description="requests", expected=expected, accepts=accepts)

    assert polarity(cls("Accepted.")) is True and polarity(cls("not  recognised")) is False
    assert polarity(cls("raises ValueError")) is None
    assert polarity(cls("accepted", accepts=False)) is False  # the critic's word first
