"""Writes whose answer is lost (#31 item 3), for both adapters over HTTP: the fake applies the
request, then answers 502 or hangs up; the adapter must adopt what the forge made (found by its
natural key: the branch, Smith's marker, the label names) instead of failing or duplicating."""

from __future__ import annotations

import pytest

from bot.forge.base import ItemRef
from bot.forge.errors import ValidationFailed
from tests.forge.conftest import ForgeEnv

MARKED = "Smith is on it.\n\n<!-- smith:status run=7 -->"


def _create_path(env: ForgeEnv) -> str:
    return r"/pulls$" if env.kind == "github" else r"/merge_requests$"


def _open_on(env: ForgeEnv, branch: str) -> list[int]:
    if env.kind == "github":
        return [p.number for p in env.fake.state.pulls.values()
                if p.head == branch and p.state == "open"]
    return [m.iid for m in env.fake.state.merge_requests.values()
            if m.source_branch == branch and m.state == "opened"]


async def _open(env: ForgeEnv, branch: str = "smith/1-fix", target: str = "main") -> int:
    change = await env.forge.open_change_request(
        env.repo, source_branch=branch, target_branch=target, title="Fix #1", body="body")
    return change.number


@pytest.mark.parametrize("status", [502, None], ids=["502", "hang-up"])
async def test_a_change_request_whose_answer_is_lost_is_adopted(
    env: ForgeEnv, status: int | None
) -> None:
    env.fake.lose_answer_next(1, status=status, method="POST", path=_create_path(env))

    number = await _open(env)

    assert _open_on(env, "smith/1-fix") == [number]


async def test_a_change_request_lost_on_every_try_is_still_adopted(env: ForgeEnv) -> None:
    env.fake.lose_answer_next(10, method="POST", path=_create_path(env))
    number = await _open(env)
    assert _open_on(env, "smith/1-fix") == [number]


async def test_already_exists_for_the_branch_adopts_the_open_one(env: ForgeEnv) -> None:
    existing = env.seed_change_request("smith/1-fix")
    assert await _open(env) == existing
    assert _open_on(env, "smith/1-fix") == [existing]


async def test_already_exists_into_another_target_is_not_adopted(env: ForgeEnv) -> None:
    env.seed_change_request("smith/1-fix")  # into main
    with pytest.raises(ValidationFailed):
        await _open(env, target="release")


async def test_a_failure_before_the_forge_acted_still_creates_once(env: ForgeEnv) -> None:
    env.fake.fail_next(1, status=502, method="POST", path=_create_path(env))
    number = await _open(env)
    assert _open_on(env, "smith/1-fix") == [number]


async def test_a_marked_comment_whose_answer_is_lost_is_posted_once(env: ForgeEnv) -> None:
    number = env.seed_issue("bug")
    path = r"/issues/\d+/comments$" if env.kind == "github" else r"/issues/\d+/notes$"
    env.fake.lose_answer_next(1, method="POST", path=path)

    comment = await env.forge.create_comment(env.repo, ItemRef("issue", number), MARKED)

    assert env.comment_bodies(number) == [MARKED]
    assert comment.body == MARKED


async def test_an_unmarked_comment_is_retried_not_lost(env: ForgeEnv) -> None:
    number = env.seed_issue("bug")
    path = r"/issues/\d+/comments$" if env.kind == "github" else r"/issues/\d+/notes$"
    env.fake.fail_next(1, status=502, method="POST", path=path)
    await env.forge.create_comment(env.repo, ItemRef("issue", number), "plain")
    assert env.comment_bodies(number) == ["plain"]


async def test_labels_whose_answers_are_all_lost_are_on_and_that_is_success(
    env: ForgeEnv,
) -> None:
    number = env.seed_issue("bug", labels=("smith",))
    if env.kind == "github":
        env.fake.lose_answer_next(10, method="POST", path=r"/issues/\d+/labels$")
    else:
        env.fake.lose_answer_next(10, method="PUT", path=r"/issues/\d+$")

    await env.forge.add_labels(env.repo, ItemRef("issue", number), ["smith", "smith:working"])

    assert sorted(env.labels(number)) == ["smith", "smith:working"]


async def test_adding_a_label_the_item_has_is_success(env: ForgeEnv) -> None:
    number = env.seed_issue("bug", labels=("smith",))
    await env.forge.add_labels(env.repo, ItemRef("issue", number), ["smith"])
    assert env.labels(number) == ["smith"]


async def test_a_marked_thread_whose_answer_is_lost_is_opened_once(env: ForgeEnv) -> None:
    number = env.seed_change_request("smith/1-fix")
    body = "Soft signal: a sleep was added.\n\n<!-- smith:soft-signal run=7 kind=sleep -->"
    path = r"/issues/\d+/comments$" if env.kind == "github" else r"/discussions$"
    env.fake.lose_answer_next(1, method="POST", path=path)

    thread = await env.forge.create_thread(env.repo, number, body)

    threads = await env.forge.list_threads(env.repo, number)
    assert [t.id for t in threads] == [thread.id]
