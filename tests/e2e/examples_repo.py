"""The held-out chain's e2e repository: an alarm intent matcher with labelled examples, and the
scripted turns of a generator, a critic and the class tree."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from bot.chains.examples.split import Split, split_examples
from bot.config import Settings
from tests.e2e.buggy_repo import push_files
from tests.fakes.model import FakeModelServer, Turn

ARTEFACT = "assistant/intents/alarm.py"
TESTS = "tests/test_alarm.py"
POSITIVES = [
    "wake me up at seven tomorrow", "set an alarm for six thirty", "alarm at five please",
    "please wake me at eight", "set my alarm to nine", "can you set an alarm for noon",
    "wake me up in two hours", "i need an alarm at ten", "alarm for quarter past six",
    "set a wake up alarm for monday", "wake me early tomorrow morning", "new alarm at seven",
    "wake me before the meeting", "put an alarm on for eleven", "alarm me at half past four",
]
NEGATIVES = [
    "play some jazz music", "what is the weather like today", "turn off the kitchen lights",
    "read me the latest news", "call my mother on the phone", "how tall is mount everest",
    "add milk to the shopping list", "tell me a funny joke", "open the garage door now",
    "what time is it in tokyo", "start a ten minute timer", "remind me to buy bread",
    "skip to the next song", "lower the volume a bit", "translate hello into french",
]
SMITH_YML = f"""examples:
  positives: [examples/alarm_positive.txt]
  negatives: [examples/alarm_negative.txt]
  artefact: {ARTEFACT}
  contract: "def matches(text: str) -> bool"
  evaluator: assistant.intents.alarm:matches
  rules: ["No example may be copied into the artefact."]
  limits: {{artefact_rounds: {{rounds}}, companion_rounds: {{companion}}}}
"""
GENERAL = '''"""Does a request ask to set an alarm?"""


def matches(text: str) -> bool:
    words = text.lower().split()
    return "alarm" in words or "wake" in words
'''
COMPANION_TESTS = '''from assistant.intents.alarm import matches


def test_accepts_alarm_requests():
    assert matches("set an alarm for four")
    assert matches("wake me at dawn")


def test_rejects_other_requests():
    assert not matches("play the radio")
'''
ACCEPTS = f"{TESTS}::test_accepts_alarm_requests"
REJECTS = f"{TESTS}::test_rejects_other_requests"
CLASSES = {"classes": [
    {"id": "IC1", "description": "requests to set an alarm or to be woken",
     "expected": "accepted", "accepts": True},
    {"id": "IC2", "description": "requests about anything else", "expected": "rejected",
     "accepts": False},
]}
COVERAGE = {"covers": [
    {"id": "IC1", "test": ACCEPTS, "inputs": ["set an alarm for four", "wake me at dawn"]},
    {"id": "IC2", "test": REJECTS, "inputs": ["play the radio"]}]}
BRANCHES = [
    {"description": "requests that mention an alarm or waking up", "expected": "accepted",
     "tests": [ACCEPTS]},
    {"description": "any other request", "expected": "rejected", "tests": [REJECTS]}]
GENERATED = {"summary": "Accepts requests that mention an alarm or waking up.",
             "tests": [ACCEPTS, REJECTS], "branches": BRANCHES}
GENERAL_OBSERVATION = ("Requests worded differently from the training ones are not "
                       "recognised: the artefact memorises inputs instead of a pattern.")


def push_examples(bare: Path, *, rounds: int = 5, companion_rounds: int = 3) -> None:
    push_files(bare, {
        ".smith.yml": SMITH_YML.replace("{rounds}", str(rounds)).replace(
            "{companion}", str(companion_rounds)),
        "examples/alarm_positive.txt": "\n".join(POSITIVES) + "\n",
        "examples/alarm_negative.txt": "# not alarms\n" + "\n".join(NEGATIVES) + "\n",
        "assistant/__init__.py": "", "assistant/intents/__init__.py": "",
        ARTEFACT: '"""Alarm intent (to be written)."""\n\n\ndef matches(text: str) -> bool:\n'
                  '    raise NotImplementedError\n',
    }, message="alarm examples")


def split_for(settings: Settings, pinned: Collection[str] = ()) -> Split:
    return split_examples(POSITIVES, NEGATIVES, seed=settings.examples_split_seed,
                          fraction=settings.examples_held_out_fraction, pinned=pinned)


def memorising(split: Split) -> str:
    """An artefact that knows only the training positives: perfect on training, blind on the
    held-out part."""
    known = sorted(e.text for e in split.train if e.positive)
    return f'KNOWN = {known!r}\n\n\ndef matches(text: str) -> bool:\n    return text in KNOWN\n'


PROBES = [Turn.tool("read_file", path="examples/alarm_negative.txt"),
          Turn.tool("write_file", path="examples/alarm_positive.txt", content="anything\n")]
"""A generator trying to read and rewrite the example files themselves."""


def generator_turns(artefact: str, *, tests: bool = True, probe: bool = False,
                    generated: dict[str, Any] = GENERATED,
                    writes: dict[str, str] | None = None) -> list[Turn]:
    turns = [*(PROBES if probe else []), Turn.tool("read_file", path="@training/positives.txt"),
             Turn.tool("write_file", path=ARTEFACT, content=artefact)]
    if tests:
        turns.append(Turn.tool("write_file", path=TESTS, content=COMPANION_TESTS))
    turns += [Turn.tool("write_file", path=path, content=text)
              for path, text in (writes or {}).items()]
    return [*turns, Turn.submit("submit_generated_artefact", generated)]


def script(model: FakeModelServer, *artefacts: str, critic: Sequence[dict[str, Any]] = (),
           coverage: bool = True, probe: bool = False,
           generated: Sequence[dict[str, Any]] = (), writes: Sequence[dict[str, str]] = (),
           covers: Sequence[dict[str, Any]] = ()) -> None:
    """The class tree, one generator attempt per artefact (its submission and extra files
    from `generated` and `writes`, by position), the critic's answers and the coverage
    mappings (`covers`, else COVERAGE once)."""
    model.script("submit_input_classes", Turn.submit("submit_input_classes", CLASSES))
    turns: list[Turn] = []
    for index, artefact in enumerate(artefacts):
        turns += generator_turns(
            artefact, probe=probe,
            generated=generated[index] if index < len(generated) else GENERATED,
            writes=writes[index] if index < len(writes) else None)
    model.script("submit_generated_artefact", *turns)
    if critic:
        model.script("submit_critique", *(Turn.submit("submit_critique", c) for c in critic))
    if coverage:
        model.script("submit_class_coverage",
                     *(Turn.submit("submit_class_coverage", c) for c in covers or [COVERAGE]))
