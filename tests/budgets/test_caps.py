"""Which caps a repository's runs count toward, tightening by `.smith.yml`, and the access
lists (pure rules, no store)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.budgets.access import not_enabled_text, refusal
from bot.budgets.caps import (
    Spent,
    caps_for,
    first_reached,
    period_end,
    room_left,
    tightened,
)
from bot.config import AccessSettings, BudgetSettings, PeriodCaps
from bot.repo_config import BudgetsConfig, RepoConfigError, load_repo_config

NOW = datetime(2026, 12, 31, 15, 30, tzinfo=UTC)
BUDGETS = BudgetSettings(
    installation=PeriodCaps(day_usd=50, month_tokens=10_000_000),
    repository=PeriodCaps(day_usd=10, month_usd=100),
    repositories={"Acme/Big": PeriodCaps(day_usd=30)},
)


def test_a_repository_counts_toward_the_installation_and_its_own_caps():
    caps = caps_for(BUDGETS, "acme/web")
    assert [(c.scope, c.period, c.unit, c.limit) for c in caps] == [
        ("installation", "day", "usd", 50), ("installation", "month", "tokens", 10_000_000),
        ("repository", "day", "usd", 10), ("repository", "month", "usd", 100)]
    # A named repository (names compared without case) has its own caps instead.
    named = caps_for(BUDGETS, "acme/big")
    assert [(c.scope, c.limit) for c in named if c.scope == "repository"] == [("repository", 30)]


def test_a_repository_can_only_tighten_the_operators_caps():
    own = BudgetsConfig(day_usd=500, month_usd=20, day_tokens=1000)
    caps = tightened(PeriodCaps(day_usd=10, month_usd=100), own)
    # Higher than the operator's: ignored; lower: applies; a cap the operator left open: set.
    assert (caps.day_usd, caps.month_usd, caps.day_tokens, caps.month_tokens) == (
        10, 20, 1000, None)


def test_the_first_cap_reached_names_itself_and_when_it_resets():
    caps = caps_for(BUDGETS, "acme/web")
    spent = {("installation", "day"): Spent(tokens=5, usd=12.0),
             ("repository", "day"): Spent(tokens=5, usd=10.0)}
    hit = first_reached(caps, spent, NOW)
    assert hit is not None and hit.cap.scope == "repository" and hit.cap.period == "day"
    assert hit.reason() == ("the daily dollar cap of acme/web ($10.00) is reached: $10.00 "
                            "spent today (UTC); it resets 2027-01-01 00:00 UTC")
    assert first_reached(caps, {("repository", "day"): Spent(usd=9.99)}, NOW) is None
    # At 80 % the same cap is near (the notice's threshold).
    near = first_reached(caps, {("repository", "day"): Spent(usd=8.0)}, NOW, share=0.8)
    assert near is not None and near.cap.key() == "repository:acme/web:day:usd"


def test_months_end_at_the_first_of_the_next():
    assert period_end("month", NOW) == datetime(2027, 1, 1, tzinfo=UTC)
    assert period_end("month", datetime(2026, 2, 10, tzinfo=UTC)) == datetime(
        2026, 3, 1, tzinfo=UTC)
    assert period_end("day", NOW) == datetime(2027, 1, 1, tzinfo=UTC)


def test_room_left_is_the_tightest_cap_per_unit():
    caps = caps_for(BUDGETS, "acme/web")
    room = room_left(caps, {("installation", "day"): Spent(usd=45.0),
                            ("repository", "day"): Spent(usd=2.0),
                            ("installation", "month"): Spent(tokens=9_999_000)})
    assert room.usd == pytest.approx(5.0) and room.usd_cap is not None
    assert room.usd_cap.scope == "installation"
    assert room.tokens == 1000
    # Spent beyond a cap leaves nothing, never a negative room.
    assert room_left(caps, {("repository", "day"): Spent(usd=11.0)}).usd == 0.0


@pytest.mark.parametrize(("allow", "deny", "repo", "refused"), [
    ([], [], "anyone/anything", False),
    (["acme"], [], "acme/web", False),
    (["acme"], [], "ACME/Web", False),
    (["acme"], [], "acmex/web", True),          # an owner is a whole path segment
    (["acme/web-*"], [], "acme/web-shop", False),
    (["acme/web-*"], [], "acme/api", True),
    (["group/sub"], [], "group/sub/project", False),  # a GitLab subgroup holds its projects
    (["acme"], ["acme/secret"], "acme/secret", True),  # deny wins
    ([], ["evil"], "evil/repo", True),
    ([], ["  "], "any/repo", False),               # a blank entry matches nothing
])
def test_access_lists(allow, deny, repo, refused):
    access = AccessSettings(allow=allow, deny=deny)
    assert (refusal(access, repo) is not None) == refused


def test_the_not_enabled_answer_quotes_the_repository_as_code():
    text = not_enabled_text(AccessSettings(deny=["*"]), "evil/`rm -rf`")
    assert text is not None and "deny-list" in text and "[access]" in text
    # A backtick in the name cannot close the code span early: the fence is longer.
    assert "`` evil/`rm -rf` ``" in text


def test_smith_yml_budgets_are_checked_with_their_line():
    config = load_repo_config("budgets:\n  day_usd: 2.5\n  run_tokens: 1000\n")
    assert config.budgets.day_usd == 2.5 and config.budgets.run_tokens == 1000
    with pytest.raises(RepoConfigError) as info:
        load_repo_config("language: python\nbudgets:\n  day_usd: -1\n")
    assert str(info.value).startswith(".smith.yml:3:")
    with pytest.raises(RepoConfigError):
        load_repo_config("budgets:\n  weekly_usd: 5\n")
