"""The generator's read-only view of the training examples, and the evaluator's contract."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chains.examples.evaluate import EvaluatorFailed, evaluator_command, parse_answers
from bot.chains.examples.split import Example
from bot.chains.examples.tools import TrainingView
from bot.repo_config import ExamplesConfig
from bot.workspace.tools import ToolSet, WritePolicy
from bot.workspace.trajectory import Trajectory

TRAIN = [Example("wake me at six", True), Example("set an alarm", True),
         Example("play jazz", False)]


def _view(root: Path) -> tuple[TrainingView, Trajectory]:
    trajectory = Trajectory()
    tools = ToolSet(root, step="examples_generate", trajectory=trajectory,
                    policy=WritePolicy.all_except(), is_protected=lambda rel: False)
    return TrainingView(tools, TRAIN), trajectory


async def test_the_training_examples_are_readable_through_the_view(tmp_path: Path):
    view, trajectory = _view(tmp_path)
    listing = await view.call("list_dir", {"path": "@training"})
    assert "positives.txt (2 examples)" in listing.content
    positives = await view.call("read_file", {"path": "@training/positives.txt"})
    assert positives.ok and "1\twake me at six" in positives.content
    assert "play jazz" not in positives.content
    window = await view.call("read_file", {"path": "@training/positives.txt", "offset": 2,
                                           "limit": 1})
    assert "set an alarm" in window.content and "wake me" not in window.content
    assert [e.tool for e in trajectory.events] == ["list_dir", "read_file", "read_file"]


@pytest.mark.parametrize("call", [
    ("write_file", {"path": "@training/positives.txt", "content": "cheat"}),
    ("edit_file", {"path": "@training/negatives.txt", "old": "play jazz", "new": "x"}),
    ("delete_file", {"path": "./@training/positives.txt"}),
    ("grep", {"pattern": "jazz", "path": "@training"}),
])
async def test_the_view_cannot_be_written_and_leaves_no_file(tmp_path: Path, call):
    view, trajectory = _view(tmp_path)
    outcome = await view.call(*call)
    assert not outcome.ok and "read-only view" in outcome.content
    assert list(tmp_path.iterdir()) == []
    assert trajectory.events[-1].ok is False


async def test_other_paths_go_to_the_real_tools(tmp_path: Path):
    (tmp_path / "alarm.py").write_text("def matches(text): ...\n")
    view, _ = _view(tmp_path)
    assert "def matches" in (await view.call("read_file", {"path": "alarm.py"})).content


def test_answers_are_one_json_boolean_per_example():
    assert parse_answers("true\nfalse\n\ntrue\n", 3) == [True, False, True]
    with pytest.raises(EvaluatorFailed, match="2 answers for 3"):
        parse_answers("true\nfalse\n", 3)
    with pytest.raises(EvaluatorFailed, match="not a JSON boolean"):
        parse_answers("1\n", 1)
    with pytest.raises(EvaluatorFailed, match="not JSON"):
        parse_answers("yes\n", 1)


def test_the_evaluator_is_an_entry_point_or_a_command_fed_on_stdin(tmp_path: Path):
    stdin, stdout = tmp_path / "in", tmp_path / "out"
    entry = evaluator_command(ExamplesConfig(evaluator="assistant.alarm:matches"), stdin, stdout)
    assert entry.startswith("python3 -c ") and "assistant.alarm matches <" in entry
    command = evaluator_command(ExamplesConfig(evaluator="./judge.sh --strict"), stdin, stdout)
    assert command == f"( ./judge.sh --strict ) < {stdin} > {stdout}"
