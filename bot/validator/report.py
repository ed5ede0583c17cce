"""What the bug report (or the acceptance criteria quoting it) asks for, as far as static rules need.

Two shapes look like crutches but are legitimate when the report asks for them: an early return
for a documented edge case, and a test expectation the report says is wrong. The validator is
the oracle's enforcer, not a second oracle, so it only checks for an explicit ask: the values
named together with a normative word in one sentence, or a sentence about changing the test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
NORMATIVE = re.compile(
    r"\b(should|must|shall|expected|expect|ought to|needs? to|has to|have to|is supposed to|means?|"
    r"treat(ed)?|always|by definition|by design|defined as|documented|per (the )?spec|instead|"
    r"per (the |our )?[\w-]+ (policy|rules?|specification|docs|documentation|contract)|policy|according to)\b|→|->|=>"
)
_TEST_WORDS = (
    r"(tests?|specs?|test cases?|assert(ion)?s?|expectations?|expected (values?|results?|outputs?|strings?|numbers?)|"
    r"snapshots?|golden (files?|values?)|fixtures?|tolerances?|precision|decimal places|rounding|"
    r"time ?outs?|time limits?|deadlines?|bounds?|thresholds?)"
)
_CHANGE_ASK = [
    re.compile(
        r"\b(update|change|correct|fix|adjust|amend|rewrite|relax|loosen|widen|increase|replace|align|raise|bump|"
        r"extend|lengthen|lower|decrease|reduce|tighten)\b"
        rf"(\s+\S+){{0,6}}?\s+{_TEST_WORDS}\b"
    ),
    # "TestTotal needs the new value": the test itself is said to need the change.
    re.compile(
        rf"(\b{_TEST_WORDS}\b|\btest[a-z_]\w*|\w+_test\b)(\s+\S+){{0,4}}?\s+needs?\s+(the\s+|an?\s+)?"
        r"(new|updated|corrected|right|current)\s+(values?|expectations?|numbers?|results?|amounts?)"
    ),
    # …or a test named by its identifier: "update test_vat_line_rounding", "fix VatTest".
    re.compile(
        r"\b(update|change|correct|fix|adjust|amend|rewrite|relax|loosen|widen|replace|align)\b"
        r"(\s+(the|that|this|its))?\s+(test_\w+|\w+_test\b|\w+test\b|[\w.]+\.(test|spec)\.\w+)"
    ),
    re.compile(
        rf"\b{_TEST_WORDS}\b(\s+\S+){{0,6}}?\s+(is|are|was|were|has been|have been|seems?)\s+"
        r"(\w+\s+)?(wrong|incorrect|outdated|obsolete|stale|mistaken|bogus|too strict|too tight|too precise|"
        r"out of date|broken|invalid|off)\b"
    ),
    re.compile(
        rf"\b{_TEST_WORDS}\b(\s+\S+){{0,14}}?\s+(should|must|needs? to|has to|ought to)\s+"
        r"(only\s+|just\s+|merely\s+|\w+ly\s+)?(be\s+)?"
        r"(expect|assert|check|accept|allow|use|say|read|compare|become|change|updated|corrected|relaxed|run|apply|"
        r"regenerated|rewritten|refreshed|re-?recorded)"
    ),
    re.compile(
        rf"\b{_TEST_WORDS}\b(\s+\S+){{0,6}}?\s+(expects?|asserts?|checks? for|encodes?|pins?)\b.{{0,80}}"
        r"\b(but|wrong|incorrect|instead|outdated|mistake|bug)\b"
    ),
]

# "Rounding is off" or "the timeout is too short" describe the product; an ask to change a test
# names a test (or its assertion, expectation, snapshot, fixture) in the same sentence.
_TEST_NOUN = re.compile(
    r"\btest[a-z][a-z0-9]*\b(?<!\btesting)|\b(tests?|specs?|test cases?|assert(ion)?s?|expectations?|expected (values?|results?|outputs?|strings?|"
    r"numbers?)|snapshots?|golden|fixtures?|(?<![\w.])[\w.]+_test\b|test_\w+|\w+\.(test|spec)\b|\w*Test\b|"
    # A test class and its method, in a sentence read lower-cased: `fmttest.formatsthousands`.
    r"\w+(test|spec|tests)[.#]\w+)"
)

# How people write the values a guard compares and returns: `0` is "zero", `""` is "empty".
_WORD_FORMS = {
    "true": ("true", "valid", "allow", "accept", "yes", "enable", "able to", "can ", "permit"),
    "false": ("false", "invalid", "reject", "disallow", "disable", "cannot", "can't", "not able", "deny",
              "denied", "forbid", "block", "refuse"),
    "none": ("none", "null", "nil", "nothing", "no value", "no result", "missing", "undefined"),
    "null": ("none", "null", "nil", "nothing", "no value", "no result", "missing", "undefined"),
    "nil": ("none", "null", "nil", "nothing", "no error", "no value", "missing"),
    "undefined": ("undefined", "none", "null", "nothing", "missing"),
    "0": ("0", "zero", "nothing"),
    "empty": ("empty", "blank", "nothing", "no results", "no items", "none"),
}


_BLOCK_START = re.compile(r"^\s*([-*+>|]|#+\s|\d+[.)]\s|```|~~~)")
_NO_CONTINUATION = re.compile(r"^\s*(#+\s|```|~~~|\|)")


def _unwrapped(report: str) -> str:
    """Lines of one paragraph joined: a report wrapped at 80 columns is still one sentence per
    sentence. Blank lines, list items, headings, quotes, tables and code fences keep their breaks."""
    out: list[str] = []
    fenced = False
    for line in report.splitlines():
        previous = out[-1] if out else ""
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if (
            not fenced
            and line.strip()
            and previous.strip()
            and not _BLOCK_START.match(line)
            and not _NO_CONTINUATION.match(previous)
        ):
            out[-1] = previous.rstrip() + " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def sentences(report: str) -> list[str]:
    return [s.strip().lower() for s in _SENTENCE_END.split(_unwrapped(report)) if s.strip()]


@lru_cache(maxsize=256)
def _sentences_cached(report: str) -> tuple[str, ...]:
    return tuple(sentences(report))


_RETIRE_ASK = re.compile(
    r"\b(skip|skipped|disable|disabled|quarantine|quarantined|remove|removed|delete|deleted|drop|dropped|"
    r"retire|retired)\b"
)


def asks_to_retire_tests(report: str | None) -> bool:
    """The report asks for a test to be skipped, quarantined or removed (with the feature it
    covered): one sentence names a test and the ask (`please skip that test on Windows`,
    `removed entirely, together with its tests`), or an imperative right after the sentence
    naming it asks for it by pronoun (`The symlink spec fails on Windows; skip it there.`)."""
    if not report:
        return False
    sentences = _sentences_cached(report)
    for index, sentence in enumerate(sentences):
        if re.search(r"\b(not|never|no|without|instead of)\b|n't", sentence):
            continue
        if _TEST_NOUN.search(sentence) and _RETIRE_ASK.search(sentence) and re.search(
            r"\b(please|should|must|needs? to|has to|have to|entirely|together with)\b", sentence
        ):
            return True
        if _RETIRE_VERB_FIRST.match(sentence):
            return True  # "Remove the XML export and its test": the sentence is the order
        named = _TEST_NOUN.search(sentence) or (index > 0 and _TEST_NOUN.search(sentences[index - 1]))
        if named and _RETIRE_IMPERATIVE.search(sentence):
            return True
    return False


_RETIRE_VERB_FIRST = re.compile(
    r"^\W*(please\s+)?(skip|disable|quarantine|remove|delete|drop|retire)\s[^,;:]*?"
    r"\b(tests?|specs?|test cases?|test_\w+|\w+_test|\w+\.(?:test|spec))\b"
)
"""An order whose own clause names what goes, a test among it: "Remove the XML export and its
test". A test noun elsewhere in the sentence ("Remove the trailing comma, as the spec requires")
is not what the order removes."""
_RETIRE_IMPERATIVE = re.compile(
    r"^\s*(please\s+)?(skip|disable|quarantine|remove|delete|drop|retire)\s+(it|them|th(is|at|ose|ese))\b"
)


def asks_for_test_change(report: str | None, names: Iterable[str] = ()) -> bool:
    """The report explicitly asks for a test's expectation (or tolerance) to change.

    A sentence naming the test (`test_vat_books`, `vat.test.ts`) with a change word counts too.
    """
    if not report:
        return False
    named = [n.lower() for n in names if n and len(n) >= 4]
    listed = _labeled_items(report)
    for index, sentence in enumerate(_sentences_cached(report)):
        about_a_test = _TEST_NOUN.search(sentence) or any(n in sentence for n in named)
        if about_a_test and any(pattern.search(sentence) for pattern in _CHANGE_ASK):
            return True
        if about_a_test and index in listed and _LISTED_CHANGE.search(sentence):
            return True  # an acceptance criterion: "- The existing catalogue test is updated"
        if named and any(n in sentence for n in named) and re.search(
            r"\b(wrong|incorrect|outdated|obsolete|update|change|correct|adjust|fix)\w*\b", sentence
        ):
            return True
    return False


def value_forms(literal: str) -> tuple[str, ...]:
    """Ways a report may write a code literal: its text without quotes, and words for edge values."""
    text = literal.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1]
    if text.startswith(("r\"", "r'", "b\"", "b'")):
        text = text[2:-1]
    lowered = text.lower()
    if lowered in _WORD_FORMS:
        return _WORD_FORMS[lowered]
    if lowered in ("", "[]", "{}", "()", "list()", "dict()", "[]string{}", "[]int{}"):
        return _WORD_FORMS["empty"] + (("[]",) if lowered == "[]" else ())
    if re.fullmatch(r"0(\.0+)?", lowered):
        return _WORD_FORMS["0"] + ((lowered,) if lowered != "0" else ())  # "should total 0.00"
    if re.fullmatch(r"-\d+(\.\d+)?", lowered):
        return (lowered, "negative")
    return (lowered,)


def _mentions(sentence: str, form: str) -> bool:
    if re.fullmatch(r"-?\d+(\.\d+)?", form):
        return re.search(rf"(?<![\w.]){re.escape(form)}(?![\w]|\.\d)", sentence) is not None
    if re.fullmatch(r"[a-z][a-z ]+", form) and len(form) >= 3:
        return re.search(rf"\b{re.escape(form)}", sentence) is not None  # "admin" in "admins"
    if re.fullmatch(r"[\w ]+", form):
        return re.search(rf"\b{re.escape(form)}\b", sentence) is not None
    return form in sentence


def documents_edge_case(report: str | None, compared: Iterable[str], returned: str) -> bool:
    """One sentence of the report names the compared value, the returned value and a rule word."""
    if not report:
        return False
    compared_forms = [value_forms(value) for value in compared]
    returned_forms = value_forms(returned)
    for sentence in _sentences_cached(report):
        if not NORMATIVE.search(sentence):
            continue
        if all(any(_mentions(sentence, f) for f in forms) for forms in compared_forms) and any(
            _mentions(sentence, f) for f in returned_forms
        ):
            return True
    return False


def mentions_value(report: str | None, literal: str) -> bool:
    """The literal (an id, an e-mail, a date) appears in the report: it is the symptom's input."""
    if not report:
        return False
    forms = value_forms(literal)
    lowered = report.lower()
    return any(_mentions(lowered, f) for f in forms if len(f) >= 2)


_ACTUAL_BEFORE = re.compile(
    r"\b(returns?|returned|shows?|showed|shown|gives?|gave|displays?|prints?|outputs?|comes? out as|reports?|"
    r"says|said|got|gets|becomes?|became|reads|yields?|produces?|computes?|calculates?|is reported as|currently|now|"
    r"actual(ly)?|not|rather than|but)\b"
)
_EXPECTED_BEFORE = re.compile(
    r"\b(should|must|shall|expected|expect|expects|to be|supposed to|ought to|needs? to|has to|instead of|"
    r"correct(ly)?|right answer|equals?|want(ed)?)\b|→|->|=>"
)
_MODAL_BEFORE = re.compile(
    r"\b(should|must|shall|to|will|would|ought to|needs? to|has to|have to)\s+(\w+\s+)?$"
)
_ACTUAL_AFTER = re.compile(r"^\W{0,3}\s*(instead of|rather than)\b")
# A sentence the report labels as the expected behaviour states every value in it as expected.
_LABEL_ALONE = re.compile(
    r"^\W*(expected( result| behaviou?r| output| outcome)?|acceptance criteri(a|on)|definition of done|"
    r"requirements?)\s*(?:[:—–-]\s*)?$"
)
_LIST_ITEM = re.compile(r"^\s*([-*•]|\d{1,2}[.)]|\[[ x]\])\s")
_LISTED_CHANGE = re.compile(r"\b(updated?|changed?|adjusted|corrected|amended)\b")


@lru_cache(maxsize=256)
def _labeled_items(report: str) -> frozenset[int]:
    """Sentences that are items of a list under a heading of expectations ("Acceptance
    criteria:" alone on its line, then `- …` items): each item states expected behaviour."""
    items: set[int] = set()
    under = False
    for index, sentence in enumerate(_sentences_cached(report)):
        if _LABEL_ALONE.match(sentence):
            under = True
        elif under and _LIST_ITEM.match(sentence):
            items.add(index)
        else:
            under = False
    return frozenset(items)


_EXPECTED_LABEL = re.compile(
    r"^\W*(expected( result| behaviou?r| output| outcome)?|acceptance criteri(a|on)|should)\s*[:—–-]"
)
_SYMPTOM_BEFORE = re.compile(r"\b(actual(ly)?|currently|instead of|rather than|but|not|was|were)\b[^,;]*$")
_NOT_AFTER = re.compile(r"^\s*,?\s*(and\s+)?not\s+[\w\"'`-]")
_ASKS_BEFORE = re.compile(r"\b(should|must|shall|needs? to|has to|have to|ought to)\b")
# A value changed "from X to Y" is the new expectation when the sentence says why it changed:
# a rule, a date it takes effect, a contract or policy, not a regression's "changed after the deploy".
_CHANGED_TO = re.compile(r"\bfrom\s+\S{1,40}\s+to\s+\W{0,2}$")
_NEW_RULE = re.compile(
    r"\b(should|must|shall|per|as of|starting|effective|contract|policy|spec(ification)?|tariff|"
    r"price list|regulation|law|decided|decision)\b|\bfrom\s+\d{1,2}\s+[a-z]+|\bfrom\s+[a-z]+\s+\d{1,2}\b",
    re.IGNORECASE,
)
_WAS_AFTER = re.compile(r"^\s*\(\s*(was|previously|formerly|before)\b", re.IGNORECASE)


def states_expected_value(report: str | None, literal: str) -> bool:
    """The report gives the literal as the expected result ("should be 7", "instead of 108.7").

    Naming it as what the code does now ("shows 41", "returns Saturday") is the symptom: a test
    edited to that value copies the bug, so it does not count.
    """
    if not report:
        return False
    listed = _labeled_items(report)
    for index, sentence in enumerate(_sentences_cached(report)):
        for form in value_forms(literal):
            if not form:
                continue
            for match in _occurrences(sentence, form):
                prefix = sentence[max(0, match.start() - 60) : match.start()]
                labeled = _EXPECTED_LABEL.match(sentence) or index in listed
                if labeled and not _SYMPTOM_BEFORE.search(prefix):
                    return True  # "Expected: f(x) returns 4", "Acceptance criteria: … returns 4.0"
                if _NOT_AFTER.match(sentence[match.end() :]) and not re.search(r"\bnot\s*$", prefix):
                    return True  # "is 4, not 3": the first is the right one
                if _ACTUAL_AFTER.search(sentence[match.end() :]):
                    # "should read 'Hello, Ann!' instead of 'Hello, Ann'": the ask comes first.
                    if _ASKS_BEFORE.search(sentence[: match.start()]):
                        return True
                    continue
                if (_CHANGED_TO.search(prefix) or _WAS_AFTER.search(sentence[match.end() :])) and (
                    _NEW_RULE.search(sentence)
                ):
                    return True  # "from 1 January … from 4.99 to 5.49", "is now 5.49 (was 4.99) per …"
                expected = [m.end() for m in _EXPECTED_BEFORE.finditer(prefix)]
                actual = [
                    m.end()
                    for m in _ACTUAL_BEFORE.finditer(prefix)
                    if not _MODAL_BEFORE.search(prefix[: m.start()])
                ]
                if expected and (not actual or max(expected) > max(actual)):
                    return True
    return False


def _occurrences(sentence: str, form: str) -> list[re.Match[str]]:
    if re.fullmatch(r"-?\d+(\.\d+)?", form):
        pattern = rf"(?<![\w.]){re.escape(form)}(?![\w]|\.\d)"
    elif re.fullmatch(r"[\w ]+", form):
        pattern = rf"\b{re.escape(form)}\b"
    else:
        pattern = re.escape(form)
    return list(re.finditer(pattern, sentence))
