"""Comment text → typed commands, the way a reviewer writes them on a forge."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from bot.commands import (
    HELP_TEXT,
    TESTS_ARGUMENTS,
    VERBS,
    ApproveCommand,
    ApproveRuleCommand,
    CancelCommand,
    Command,
    HelpCommand,
    RejectRuleCommand,
    RetryCommand,
    ReworkCommand,
    StatusCommand,
    TestsCommand,
    UnknownCommand,
    help_text,
    parse_commands,
    required_permission,
)
from bot.forge.base import Permission

BOT = "smith-bot"


def parse(body: str, bot_account: str | None = BOT) -> list:
    return parse_commands(body, bot_account=bot_account)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("help", HelpCommand()),
        ("status", StatusCommand()),
        ("cancel", CancelCommand()),
        ("retry", RetryCommand()),
        ("approve", ApproveCommand()),
        ("approve-rule", ApproveRuleCommand()),
        ("reject-rule", RejectRuleCommand()),
        ("rework use a set", ReworkCommand(text="use a set")),
    ],
)
@pytest.mark.parametrize("prefix", ["/smith ", "@smith-bot "])
def test_each_verb_with_both_prefixes(prefix: str, text: str, expected) -> None:
    assert parse(prefix + text) == [expected]


@pytest.mark.parametrize(
    "body",
    [
        "/smith APPROVE",
        "/Smith Approve",
        "/SMITH approve",
        "@Smith-Bot approve",
        "   /smith approve",
        "\t@smith-bot approve",
        "/smith approve.",
        "/smith approve please",
        "@smith-bot: approve",
        "@smith-bot, approve",
    ],
)
def test_case_whitespace_and_punctuation(body: str) -> None:
    assert parse(body) == [ApproveCommand()]


def test_rule_ids() -> None:
    assert parse("/smith approve-rule 12") == [ApproveRuleCommand(rule_id=12)]
    assert parse("/smith approve-rule #12") == [ApproveRuleCommand(rule_id=12)]
    assert parse("/smith reject-rule 7 too broad") == [RejectRuleCommand(rule_id=7)]
    assert parse("/smith reject_rule #3.") == [RejectRuleCommand(rule_id=3)]
    assert parse("/smith approve-rule") == [ApproveRuleCommand(rule_id=None)]


def test_rule_id_that_is_not_a_number_is_not_guessed() -> None:
    [command] = parse("/smith approve-rule first")
    assert isinstance(command, UnknownCommand)
    assert command.verb == "approve-rule" and "number" in (command.problem or "")


def test_rework_takes_the_rest_of_the_comment() -> None:
    body = (
        "Thanks, almost there.\n"
        "/smith rework handle None as well:\n"
        "\n"
        "```python\n"
        "parse(None)  # should return []\n"
        "```\n"
        "> and keep the old name\n"
    )
    assert parse(body) == [
        ReworkCommand(
            text="handle None as well:\n\n```python\nparse(None)  # should return []\n```\n"
            "> and keep the old name"
        )
    ]


def test_lines_after_rework_are_its_text_even_if_they_look_like_commands() -> None:
    assert parse("/smith rework rename x\n/smith approve") == [
        ReworkCommand(text="rename x\n/smith approve")
    ]


def test_rework_text_may_start_on_the_next_line() -> None:
    assert parse("/smith rework\nrename `x` to `count`") == [
        ReworkCommand(text="rename `x` to `count`")
    ]


def test_rework_without_text_is_a_problem_not_an_empty_rework() -> None:
    assert parse("/smith rework   \n\n") == [
        UnknownCommand(verb="rework", problem="say what to change after `rework`")
    ]


def test_mention_with_free_text_is_a_rework() -> None:
    assert parse("@smith-bot please also handle None\nand empty lists") == [
        ReworkCommand(text="please also handle None\nand empty lists", implicit=True)
    ]


def test_bare_mention_followed_by_lines_is_a_rework_of_those_lines() -> None:
    assert parse("@smith-bot\nplease keep the old signature") == [
        ReworkCommand(text="please keep the old signature", implicit=True)
    ]
    assert parse("@smith-bot   \n\n") == [UnknownCommand(verb="")]


def test_explicit_rework_by_mention_is_not_implicit() -> None:
    assert parse("@smith-bot rework drop the cache") == [ReworkCommand(text="drop the cache")]


def test_mention_of_a_github_app_account() -> None:
    assert parse("@smith cancel", bot_account="smith[bot]") == [CancelCommand()]
    assert parse("@smith[bot] cancel", bot_account="smith[bot]") == [CancelCommand()]


def test_mention_of_someone_else_is_nothing() -> None:
    assert parse("@smith-bots approve") == []
    assert parse("@smith approve") == []  # account is smith-bot
    assert parse("@smith-bot approve", bot_account=None) == []


def test_mention_in_the_middle_of_a_sentence_is_nothing() -> None:
    assert parse("I think @smith-bot should approve") == []
    assert parse("we could run /smith approve later") == []


def test_unknown_verbs_ask_for_help() -> None:
    assert parse("/smith deploy now") == [UnknownCommand(verb="deploy")]
    assert parse("/smith") == [UnknownCommand(verb="")]
    assert parse("@smith-bot") == [UnknownCommand(verb="")]


def test_prefix_must_be_a_whole_word() -> None:
    assert parse("/smithy approve") == []
    assert parse("/smith-approve") == []


def test_quoted_commands_are_ignored() -> None:
    body = "> /smith approve\n>  @smith-bot cancel\n  > /smith retry\nI agree with the above."
    assert parse(body) == []


def test_code_fences_are_ignored() -> None:
    body = (
        "To approve, write:\n"
        "```\n/smith approve\n```\n"
        "~~~~markdown\n/smith cancel\n~~~\n/smith retry\n~~~~\n"
        "/smith status\n"
    )
    assert parse(body) == [StatusCommand()]


def test_an_unclosed_fence_hides_the_rest() -> None:
    assert parse("```\n/smith approve") == []


def test_html_comments_are_ignored() -> None:
    body = "<!-- smith:run 12 /smith approve -->\n<!--\n/smith cancel\n-->\n/smith help"
    assert parse(body) == [HelpCommand()]


def test_command_in_the_middle_of_a_longer_comment() -> None:
    body = "Looked at the estimate, it is fine.\n\n/smith approve\n\nThanks!"
    assert parse(body) == [ApproveCommand()]


def test_several_commands_in_order() -> None:
    body = "/smith approve-rule 4\n/smith reject-rule 5\n/smith status"
    assert parse(body) == [
        ApproveRuleCommand(rule_id=4),
        RejectRuleCommand(rule_id=5),
        StatusCommand(),
    ]


@pytest.mark.parametrize("body", ["", "LGTM", "Smith approve", "smith: approve", "\n\n"])
def test_no_command(body: str) -> None:
    assert parse(body) == []


def test_commands_round_trip_as_a_discriminated_union() -> None:
    adapter = TypeAdapter(list[Command])
    commands = parse("/smith approve-rule 4\n/smith rework tidy up\nmore")
    assert adapter.validate_json(adapter.dump_json(commands)) == commands


def test_required_permission_follows_settings() -> None:
    levels = {"summon_permission": Permission.WRITE, "approve_permission": Permission.MAINTAIN}
    assert required_permission(HelpCommand(), **levels) is Permission.NONE
    assert required_permission(StatusCommand(), **levels) is Permission.NONE
    assert required_permission(ReworkCommand(text="x"), **levels) is Permission.WRITE
    assert required_permission(CancelCommand(), **levels) is Permission.WRITE
    assert required_permission(ApproveCommand(), **levels) is Permission.MAINTAIN
    assert required_permission(RejectRuleCommand(), **levels) is Permission.MAINTAIN
    admin = {"summon_permission": Permission.TRIAGE, "approve_permission": Permission.ADMIN}
    assert required_permission(ApproveRuleCommand(rule_id=1), **admin) is Permission.ADMIN
    assert required_permission(RetryCommand(), **admin) is Permission.TRIAGE


def test_help_lists_every_verb_and_who_may_use_it() -> None:
    for verb in VERBS:
        assert f"`/smith {verb}" in HELP_TEXT
    assert "maintainer access" in HELP_TEXT and "write access" in HELP_TEXT
    # Smith's own help comment must not trigger commands when it is read back
    assert parse(HELP_TEXT) == []


def test_help_text_follows_configuration() -> None:
    text = help_text(
        bot_account="smith[bot]",
        summon_permission=Permission.MAINTAIN,
        approve_permission=Permission.ADMIN,
    )
    assert "`@smith <command>`" in text
    assert "| `/smith approve` | let a paused run go on" in text
    assert "admin access" in text and "write access" not in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/smith tests", TestsCommand()),
        ("/smith tests coverage", TestsCommand(mode="coverage")),
        ("/smith Tests Coverage.", TestsCommand(mode="coverage")),
        ("/smith tests sprint Sprint 24", TestsCommand(mode="sprint", milestone="Sprint 24")),
        ("/smith tests sprint `2.4.1`", TestsCommand(mode="sprint", milestone="2.4.1")),
        ("/smith tests sprint #3", TestsCommand(mode="sprint", milestone="#3")),
        ("/smith tests sprint", UnknownCommand(verb="tests", problem=TESTS_ARGUMENTS)),
        ("/smith tests sprnt 24", UnknownCommand(verb="tests", problem=TESTS_ARGUMENTS)),
        ("/smith tests coverage now", UnknownCommand(verb="tests", problem=TESTS_ARGUMENTS)),
        ("/smith tests sprint " + "x" * 300,
         UnknownCommand(verb="tests", problem=TESTS_ARGUMENTS)),
    ],
)
def test_tests_takes_a_sprint_or_coverage(text: str, expected: Command) -> None:
    assert parse(text) == [expected]


def test_a_sprint_command_owns_its_line_only() -> None:
    assert parse("/smith tests sprint Sprint 24\n/smith status") == [
        TestsCommand(mode="sprint", milestone="Sprint 24"), StatusCommand()]
