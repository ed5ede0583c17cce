"""Comment commands: `/smith <verb>` or `@<bot> <verb>` at the start of a line → typed commands.

Rules (what a user can rely on):
- A command starts a line (leading whitespace is fine); the verb is case-insensitive, and so are
  the prefix and the mention. A mention in the middle of a sentence is not a command.
- Quoted lines (`> ...`), fenced code blocks (``` or ~~~) and HTML comments are skipped, so quoting
  an earlier command, showing one in code, or a hidden marker never triggers it again.
- `rework` takes the rest of the comment (its line and every line after it, verbatim) as its
  text, so it must be the last command of a comment.
- `@<bot> <words that are not a verb>` is a rework request with those words (and the lines
  after them): `ReworkCommand(implicit=True)`. Handlers accept an implicit rework only where a
  rework makes sense (Smith's change request) and ignore it elsewhere.
- `/smith <unknown verb>` and a bare `/smith` give `UnknownCommand`, so the bot can answer with
  help.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.forge.base import Permission

COMMAND_PREFIX = "/smith"

HELP_TEXT_TEMPLATE = """\
**Smith commands.** Write one at the start of a line: `{prefix} <command>`{mention_hint}.

| command | what it does | who may use it |
|---|---|---|
| `{prefix} help` | show this list | anyone |
| `{prefix} status` | show the state of Smith's run on this issue or merge request | anyone |
| `{prefix} approve` | let a paused run go on (large estimate or wide blast radius) | {approve} |
| `{prefix} cancel` | stop the current run | {summon} |
| `{prefix} retry` | run again after a failure | {summon} |
| `{prefix} rework <what to change>` | on Smith's merge request: change the fix as \
described; the rest of the comment, several lines allowed | {summon} |
| `{prefix} tests` | on an open merge request: write tests for its change, offered as a \
merge request against its branch; on an issue: tests for the change that closed it | {summon} |
| `{prefix} tests sprint <milestone>` | on an issue: tests for the core tasks among the \
milestone's closed issues, tagged with the sprint and task, in one merge request | {summon} |
| `{prefix} tests coverage` | on an issue: a coverage campaign now (tests for the least \
covered code with fresh docs) | {summon} |
| `{prefix} approve-rule [id]` | approve the rule proposed here, or rule `id` | {approve} |
| `{prefix} reject-rule [id]` | reject the rule proposed here, or rule `id` | {approve} |

Summon Smith by adding its label to an issue; that needs {summon}. On Smith's merge request, \
a comment that starts with {mention} followed by anything that is not a command asks for a \
rework. A 👍 or 👎 reaction on a rule proposal approves or rejects it; that needs {approve}. \
Quoted lines and code blocks are ignored.
"""

REWORK_NEEDS_TEXT = "say what to change after `rework`"
TESTS_ARGUMENTS = ("`tests` takes nothing, `sprint <milestone>` (a milestone's title or "
                   "number) or `coverage`")
MAX_MILESTONE_CHARS = 255
RULE_ID_NOT_A_NUMBER = "the rule id must be a number, such as `12` or `#12`"

_PERMISSION_WORDS = {
    Permission.NONE: "anyone",
    Permission.READ: "anyone with read access",
    Permission.TRIAGE: "triage access (reporter on GitLab)",
    Permission.WRITE: "write access (developer on GitLab)",
    Permission.MAINTAIN: "maintainer access",
    Permission.ADMIN: "admin access (owner on GitLab)",
}

Role = Literal["anyone", "summon", "approve"]


class _Command(BaseModel):
    """`required_role` names the setting that decides who may use the command."""

    model_config = ConfigDict(frozen=True)
    required_role: ClassVar[Role] = "anyone"


class HelpCommand(_Command):
    kind: Literal["help"] = "help"


class StatusCommand(_Command):
    kind: Literal["status"] = "status"


class CancelCommand(_Command):
    kind: Literal["cancel"] = "cancel"
    required_role: ClassVar[Role] = "summon"


class RetryCommand(_Command):
    kind: Literal["retry"] = "retry"
    required_role: ClassVar[Role] = "summon"


class ApproveCommand(_Command):
    kind: Literal["approve"] = "approve"
    required_role: ClassVar[Role] = "approve"


class ReworkCommand(_Command):
    """`implicit`: no verb was written, only a mention followed by words."""

    kind: Literal["rework"] = "rework"
    required_role: ClassVar[Role] = "summon"
    text: str
    implicit: bool = False


class TestsCommand(_Command):
    """`mode`: tests for this item's change (`task`), for a milestone's core tasks
    (`sprint`, with `milestone` as written) or a coverage campaign (`coverage`)."""

    kind: Literal["tests"] = "tests"
    required_role: ClassVar[Role] = "summon"
    mode: Literal["task", "sprint", "coverage"] = "task"
    milestone: str | None = None


class ApproveRuleCommand(_Command):
    kind: Literal["approve-rule"] = "approve-rule"
    required_role: ClassVar[Role] = "approve"
    rule_id: int | None = None


class RejectRuleCommand(_Command):
    kind: Literal["reject-rule"] = "reject-rule"
    required_role: ClassVar[Role] = "approve"
    rule_id: int | None = None


class UnknownCommand(_Command):
    """Not understood; `problem` says why when the verb was known but its argument was not."""

    kind: Literal["unknown"] = "unknown"
    verb: str
    problem: str | None = None


Command = Annotated[
    HelpCommand
    | StatusCommand
    | CancelCommand
    | RetryCommand
    | ApproveCommand
    | ReworkCommand
    | TestsCommand
    | ApproveRuleCommand
    | RejectRuleCommand
    | UnknownCommand,
    Field(discriminator="kind"),
]

_SIMPLE_VERBS: dict[str, Callable[[], Command]] = {
    "help": HelpCommand,
    "status": StatusCommand,
    "cancel": CancelCommand,
    "retry": RetryCommand,
    "approve": ApproveCommand,
}
_RULE_VERBS: dict[str, type[ApproveRuleCommand] | type[RejectRuleCommand]] = {
    "approve-rule": ApproveRuleCommand,
    "reject-rule": RejectRuleCommand,
}
VERBS = (*_SIMPLE_VERBS, "tests", "rework", *_RULE_VERBS)

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_RULE_ID = re.compile(r"#?(\d+)")
_VERB_TRAILING_PUNCTUATION = ".,:;!?"


def help_text(
    *,
    prefix: str = COMMAND_PREFIX,
    bot_account: str | None = None,
    summon_permission: Permission = Permission.WRITE,
    approve_permission: Permission = Permission.MAINTAIN,
) -> str:
    """The help comment, naming the permission levels this installation is configured with."""
    mention = f"`@{_plain_account(bot_account)}`" if bot_account else "a mention of Smith"
    mention_hint = f" or `@{_plain_account(bot_account)} <command>`" if bot_account else ""
    return HELP_TEXT_TEMPLATE.format(
        prefix=prefix,
        mention=mention,
        mention_hint=mention_hint,
        summon=_PERMISSION_WORDS[summon_permission],
        approve=_PERMISSION_WORDS[approve_permission],
    )


HELP_TEXT = help_text()


def required_permission(
    command: _Command, *, summon_permission: Permission, approve_permission: Permission
) -> Permission:
    """The forge permission an actor needs for `command`, given the configured levels."""
    if command.required_role == "summon":
        return summon_permission
    if command.required_role == "approve":
        return approve_permission
    return Permission.NONE


def parse_commands(
    body: str, *, bot_account: str | None, prefix: str = COMMAND_PREFIX
) -> list[Command]:
    """Every command in a comment, in order (normally none or one). Never raises on text."""
    starters = _starter_patterns(prefix, bot_account)
    lines = body.splitlines()
    commands: list[Command] = []
    fence: str | None = None
    in_html_comment = False
    for index, line in enumerate(lines):
        if fence is not None:
            if _closes_fence(line, fence):
                fence = None
            continue
        if in_html_comment:
            in_html_comment = "-->" not in line
            continue
        if opening := _FENCE.match(line):
            fence = opening.group(1)
            continue
        stripped = line.strip()
        if stripped.startswith("<!--"):
            in_html_comment = "-->" not in stripped[4:]
            continue
        # A quoted line (`> /smith ...`) never matches: the patterns want the command first.
        for pattern, via_mention in starters:
            if match := pattern.match(line):
                following = "\n".join(lines[index + 1 :])
                command = _command(match.group("rest"), following, via_mention=via_mention)
                commands.append(command)
                if isinstance(command, ReworkCommand):
                    return commands  # rework owns the rest of the comment
                break
    return commands


def _starter_patterns(prefix: str, bot_account: str | None) -> list[tuple[re.Pattern[str], bool]]:
    patterns = [(re.compile(rf"^\s*{re.escape(prefix)}(?![\w-])(?P<rest>.*)$", re.I), False)]
    if bot_account:
        names = sorted({bot_account.strip(), _plain_account(bot_account)}, key=len, reverse=True)
        alternatives = "|".join(re.escape(name) for name in names)
        mention = rf"^\s*@(?:{alternatives})(?![\w\[\]-])[,:]?(?P<rest>.*)$"
        patterns.append((re.compile(mention, re.I), True))
    return patterns


def _plain_account(account: str | None) -> str:
    """GitHub Apps act as `name[bot]`; people write `@name`."""
    account = (account or "").strip()
    return account.removesuffix("[bot]")


def _closes_fence(line: str, fence: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(fence) and not stripped.strip(fence[0])


def _command(rest: str, following: str, *, via_mention: bool) -> Command:
    words = rest.split(None, 1)
    raw_verb = words[0] if words else ""
    verb = raw_verb.rstrip(_VERB_TRAILING_PUNCTUATION).lower().replace("_", "-")
    args = words[1] if len(words) > 1 else ""
    if verb in _SIMPLE_VERBS:
        return _SIMPLE_VERBS[verb]()
    if verb in _RULE_VERBS:
        return _rule_command(verb, args)
    if verb == "tests":
        return _tests_command(args)
    if verb == "rework":
        return _rework(args, following, implicit=False)
    if via_mention and (rest.strip() or following.strip()):
        return _rework(rest, following, implicit=True)
    return UnknownCommand(verb=verb)


def _rule_command(verb: str, args: str) -> Command:
    first = args.split(None, 1)[0] if args.strip() else ""
    if not first:
        return _RULE_VERBS[verb]()
    if match := _RULE_ID.fullmatch(first.rstrip(_VERB_TRAILING_PUNCTUATION)):
        return _RULE_VERBS[verb](rule_id=int(match.group(1)))
    return UnknownCommand(verb=verb, problem=RULE_ID_NOT_A_NUMBER)


def _tests_command(args: str) -> Command:
    """`tests`, `tests coverage` or `tests sprint <milestone>` (the rest of the line, quotes
    or backticks around it dropped)."""
    words = args.split(None, 1)
    mode = words[0].rstrip(_VERB_TRAILING_PUNCTUATION).lower() if words else ""
    rest = words[1].strip() if len(words) > 1 else ""
    if not mode:
        return TestsCommand()
    if mode == "coverage" and not rest:
        return TestsCommand(mode="coverage")
    if mode == "sprint":
        milestone = rest.strip("`'\"").strip()
        if milestone and len(milestone) <= MAX_MILESTONE_CHARS and milestone.isprintable():
            return TestsCommand(mode="sprint", milestone=milestone)
    return UnknownCommand(verb="tests", problem=TESTS_ARGUMENTS)


def _rework(first_line: str, following: str, *, implicit: bool) -> Command:
    text = "\n".join(part for part in (first_line.strip(), following) if part).strip()
    if not text:
        return UnknownCommand(verb="rework", problem=REWORK_NEEDS_TEXT)
    return ReworkCommand(text=text, implicit=implicit)
