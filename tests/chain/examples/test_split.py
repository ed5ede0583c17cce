"""The 80/20 split: deterministic, stratified, and never showing a held-out example inside a
training one."""

from __future__ import annotations

from bot.chains.examples.leaks import normalise as words
from bot.chains.examples.leaks import quoted
from bot.chains.examples.split import HeldOut, digest, parse_examples, split_examples
from bot.engine.held import HeldValues, normalise

POSITIVES = [f"wake me up at {n} o'clock" for n in range(1, 21)]
NEGATIVES = [f"play song number {n} loudly" for n in range(1, 11)]


def test_the_split_is_stratified_80_20_and_repeats_with_the_same_seed():
    first = split_examples(POSITIVES, NEGATIVES, seed=7)
    again = split_examples(list(POSITIVES), list(NEGATIVES), seed=7)
    assert first == again
    held = first.held_out
    assert sum(e.positive for e in held) == 4 and sum(not e.positive for e in held) == 2
    assert len(first.train) == 24
    assert {e.text for e in held}.isdisjoint({e.text for e in first.train})


def test_another_seed_holds_out_other_examples():
    assert {e.text for e in split_examples(POSITIVES, NEGATIVES, seed=1).held_out} != \
        {e.text for e in split_examples(POSITIVES, NEGATIVES, seed=2).held_out}


def test_duplicates_count_once_and_tiny_labels_hold_nothing_out():
    split = split_examples(["Set an alarm", "set  an ALARM", "wake me"], ["stop"], seed=3)
    texts = [e.text for e in split.train + split.held_out]
    assert len(texts) == 3
    assert not any(not e.positive for e in split.held_out)


def test_a_held_out_example_inside_a_training_example_moves_to_training():
    # Whatever the shuffle, "alarm at six" would be shown inside its longer sibling.
    positives = ["alarm at six", "alarm at six please", "wake me", "wake me now", "alarm"]
    for seed in range(20):
        split = split_examples(positives, ["music", "news", "lights"], seed=seed, fraction=0.4)
        shown = [normalise(e.text) for e in split.train]
        for example in split.held_out:
            assert not any(normalise(example.text) in text for text in shown), seed


def test_examples_files_skip_blank_lines_and_comments():
    assert parse_examples("# positives\nwake me\n\n  set an alarm  \n") == \
        ["wake me", "set an alarm"]


def test_the_held_out_part_shows_only_its_size_and_feeds_the_engine_its_texts():
    split = split_examples(POSITIVES, NEGATIVES, seed=7)
    held = HeldOut(split.held_out)
    assert split.held_out[0].text not in repr(held) and "6 examples" in repr(held)
    assert held.digest == digest(tuple(reversed(split.held_out)))
    assert held.canary.startswith("smith-canary-")
    assert held.canary != HeldOut(split.held_out).canary  # planted anew in every execution
    values = HeldValues(())
    values._needles = [normalise(t) for t in held]  # what HeldValues.get collects
    assert values.leaks_in(f"x = {split.held_out[0].text!r}") and values.leaks_in(held.canary)


def test_examples_the_task_quotes_go_to_training_and_the_held_out_share_is_kept():
    task = "Catch messages like these:\n" + "\n".join(f"- {p}" for p in POSITIVES[:14])
    pinned = quoted(POSITIVES + NEGATIVES, [task])
    assert pinned == {words(p) for p in POSITIVES[:14]}
    for seed in range(10):
        split = split_examples(POSITIVES, NEGATIVES, seed=seed, pinned=pinned)
        held = {e.text for e in split.held_out}
        assert held.isdisjoint(POSITIVES[:14]), seed
        assert sum(e.positive for e in split.held_out) == 4  # the share, drawn from the rest
        assert split.quoted == 14 and len(split.quoted_keys) == 14
        assert split_examples(POSITIVES, NEGATIVES, seed=seed, pinned=pinned) == split


def test_a_quote_is_a_whole_example_or_an_eight_word_run_of_one():
    long = "please set an alarm for half past six tomorrow morning in the bedroom"
    examples = [long, "set an alarm", "alarm"]
    run = "the user said: alarm for half past six tomorrow morning in the, and so on"
    assert quoted(examples, [run]) == {words(long), "alarm"}
    assert quoted(examples, ["Set an ALARM, please"]) == {"set an alarm", "alarm"}
    assert quoted(examples, ["seven words: for half past six tomorrow morning in"]) == set()
    # The engine's plain substring (inside a longer word) counts from 12 characters up.
    assert quoted(["wake me at dawn"], ["xwake me at dawnish"]) == {"wake me at dawn"}
    assert quoted(["alarm"], ["alarms"]) == set()


def test_when_every_example_of_a_label_is_quoted_nothing_of_it_is_held_out():
    split = split_examples(["a b", "c d"], ["e f", "g h", "i j"], seed=1,
                           pinned={"a b", "c d"})
    assert not any(e.positive for e in split.held_out) and split.quoted == 2
