"""The webhook hands the event models its JSON bytes, not a parsed tree (bot/forge/webhook_auth.py):
the Event read from the bytes must be the one read from the parsed payload, for every published
payload and for thousands of damaged ones (fields gone, null, of another type), malformed
alike."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.events import MalformedPayload, github_event, gitlab_event
from bot.forge.webhook_auth import json_object_wire
from tests.events.payloads import github_event_name, gitlab_header, payload_files

FIXTURES = [("github", p) for p in payload_files("github")] + [
    ("gitlab", p) for p in payload_files("gitlab")]
REPLACEMENTS: list[Any] = [None, 7, -1, 2.5, "", "x", True, [], {}, [{}], {"a": 1}, 2**70]
DAMAGED_PER_FIXTURE = 250


def _reader(forge: str, path: Path, payload: dict) -> Callable[[Any], Any]:
    if forge == "github":
        name = github_event_name(path)
        return lambda wire: github_event(name, wire, bot_account="smith-bot")
    header = gitlab_header(payload)
    # Under a hook Smith does not route, the body is read loosely (kind "other", its action).
    return lambda wire: (gitlab_event(header, wire, bot_account="smith-bot"),
                         gitlab_event("Job Hook", wire, bot_account="smith-bot"))


def _outcome(read: Callable[[Any], Any], wire: Any) -> Any:
    try:
        return read(wire)
    except MalformedPayload:
        return "malformed"


def _paths(value: Any, prefix: tuple = (), depth: int = 4) -> Iterator[tuple]:
    if depth == 0:
        return
    items = value.items() if isinstance(value, dict) else (
        enumerate(value[:2]) if isinstance(value, list) else ())
    for key, child in items:
        yield (*prefix, key)
        yield from _paths(child, (*prefix, key), depth - 1)


def _damaged(payload: dict, rng: random.Random) -> Iterator[dict]:
    paths = list(_paths(payload))
    for _ in range(DAMAGED_PER_FIXTURE):
        damaged = copy.deepcopy(payload)
        for path in rng.sample(paths, k=min(len(paths), rng.choice((1, 1, 2, 3)))):
            parent: Any = damaged
            try:
                for key in path[:-1]:
                    parent = parent[key]
                if rng.random() < 0.3 and isinstance(parent, dict):
                    parent.pop(path[-1], None)
                else:
                    parent[path[-1]] = copy.deepcopy(rng.choice(REPLACEMENTS))
            except (KeyError, IndexError, TypeError):
                continue  # an earlier damage removed the way there
        yield damaged


@pytest.mark.parametrize(("forge", "path"), FIXTURES, ids=lambda v: getattr(v, "name", v))
def test_the_bytes_read_as_the_parsed_payload_does(forge: str, path: Path) -> None:
    body = path.read_bytes()
    payload = json.loads(body)
    read = _reader(forge, path, payload)
    assert isinstance(json_object_wire(body), bytes)  # the fast path is the one taken
    assert _outcome(read, body) == _outcome(read, payload) != "malformed"


@pytest.mark.parametrize(("forge", "path"), FIXTURES, ids=lambda v: getattr(v, "name", v))
def test_damaged_payloads_read_alike_from_bytes_and_parsed(forge: str, path: Path) -> None:
    payload = json.loads(path.read_bytes())
    read = _reader(forge, path, payload)
    rng = random.Random(path.name)
    outcomes = {"malformed": 0, "event": 0}
    for damaged in _damaged(payload, rng):
        body = json.dumps(damaged).encode()
        from_bytes, from_parsed = _outcome(read, body), _outcome(read, damaged)
        assert from_bytes == from_parsed, json.dumps(damaged)[:2000]
        outcomes["malformed" if from_parsed == "malformed" else "event"] += 1
    assert outcomes["event"] > 0  # the damage is not so heavy that nothing is ever read


def test_what_the_fast_parser_refuses_and_json_reads_is_handed_over_parsed() -> None:
    body = b'{"action": "labeled", "title": "\\ud800"}'
    assert json_object_wire(body) == json.loads(body)
    assert json_object_wire(b'{"score": NaN, "big": 123456789012345678901234567890}') == (
        b'{"score": NaN, "big": 123456789012345678901234567890}')
