"""Leak filters: an observation quoting or closely paraphrasing a held-out example is dropped;
a model request carrying one is refused before it is sent."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.chains.examples.leaks import LeakFilter, ModelGuard, ModelRequestLeak, normalise
from bot.engine.held import HeldValueLeak

HELD = ["Wake me up at seven tomorrow", "please set an alarm for the early shift on monday morning"]


def test_normalising_ignores_case_punctuation_and_spacing():
    assert normalise("  WAKE me,  up!\tat ７ ") == "wake me up at 7"


def test_a_quoted_example_is_found_whatever_its_quoting():
    leaks = LeakFilter(HELD)
    assert leaks.contains('The request "wake me UP at seven, tomorrow" fails.')
    assert leaks.contains("MATCH = ['wake_me_up_at_seven_tomorrow']")
    assert not leaks.contains("requests naming the time first are not recognised")
    assert not leaks.contains("wake me up at seventeen")  # whole words only


def test_a_close_paraphrase_sharing_eight_tokens_is_dropped():
    leaks = LeakFilter(HELD)
    paraphrase = "Users say set an alarm for the early shift on monday, which fails."
    general = "Requests that name a weekday and a shift are not recognised."
    assert leaks.paraphrases(paraphrase) and not leaks.contains(paraphrase)
    kept, dropped = leaks.keep([paraphrase, general, "Seven tokens: set an alarm for the early"])
    assert kept == [general, "Seven tokens: set an alarm for the early"] and dropped == 1


def test_the_model_guard_refuses_a_request_with_a_held_out_example_and_counts_the_others():
    sent: list[dict] = []

    async def create(**request):
        sent.append(request)
        return "response"

    guard = ModelGuard(LeakFilter(HELD))
    client = guard.wrap(SimpleNamespace(messages=SimpleNamespace(create=create)))
    import asyncio

    clean = {"system": [{"type": "text", "text": "prompt"}],
             "messages": [{"role": "user", "content": "write the matcher"}]}
    leaking = {"system": "prompt", "messages": [{"role": "assistant", "content": [
        {"type": "tool_use", "input": {"content": "X = 'wake me up at seven tomorrow'"}}]}]}
    assert asyncio.run(client.messages.create(**clean)) == "response"
    with pytest.raises(ModelRequestLeak) as caught:
        asyncio.run(client.messages.create(**leaking))
    assert isinstance(caught.value, HeldValueLeak) and "seven" not in str(caught.value)
    guard.exempt = True  # the critic's own call
    asyncio.run(client.messages.create(**leaking))
    assert (guard.checked, guard.exempted, len(sent)) == (2, 1, 2)


def test_an_input_class_naming_a_held_out_example_is_dropped():
    from bot.chains.examples.artifacts import InputClasses
    from bot.chains.examples.steps.generate import clean_classes

    tree = InputClasses.model_validate({"classes": [
        {"id": "IC1", "description": "requests naming the time first", "expected": "accepted"},
        {"id": "IC2", "description": "requests such as 'wake me up at seven tomorrow'",
         "expected": "accepted"}]})
    kept = clean_classes(tree, LeakFilter(HELD).leaks)
    assert [c.id for c in kept] == ["IC1"]
