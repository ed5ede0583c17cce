"""The fakes refuse what the real APIs refuse: every operation of each shared API subset file is
walked; a request without credentials gets 401, a request missing any required field gets
GitHub's 422 / GitLab's 400, and the complete request succeeds with a documented status."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import jwt as pyjwt
import pytest
import pytest_asyncio

from tests.fakes.github import FakeGitHub
from tests.fakes.gitlab import FakeGitLab
from tests.fakes.webhooks import fixtures_dir
from tests.forge.test_github_app import APP_ID, PRIVATE_KEY, PUBLIC_KEY


def _subset(name: str) -> dict[str, Any]:
    return json.loads((fixtures_dir() / name).read_text())


GITHUB_SUBSET = _subset("github/openapi-subset.json")
GITLAB_SUBSET = _subset("gitlab/api-subset.json")


@dataclass
class Case:
    method: str
    path: str
    body: dict[str, Any] | None
    required: list[str]
    auth: dict[str, str]


async def _send(base: str, case: Case, body: Any, auth: dict[str, str]) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as session:
        kwargs: dict[str, Any] = {"headers": auth}
        if body is not None:
            kwargs["json"] = body
        async with session.request(case.method, base + case.path, **kwargs) as response:
            text = await response.text()
            try:
                return response.status, json.loads(text)
            except ValueError:
                return response.status, text


# -- GitHub ------------------------------------------------------------------------------------


@pytest_asyncio.fixture
async def github() -> AsyncIterator[tuple[FakeGitHub, dict[str, Case]]]:
    async with FakeGitHub() as fake:
        token = {"Authorization": f"token {fake.add_token('smith-bot')}"}
        fake.add_repo("octo/app")
        fake.set_permission("octo/app", "alice", "maintain")
        issue = fake.add_issue("octo/app", labels=["bug"])
        pull = fake.add_pull("octo/app", head="feature")
        comment = fake.add_comment("octo/app", issue, "hello")
        fake.add_review_comment("octo/app", pull, "nit", "bob")
        fake.add_app(APP_ID, PUBLIC_KEY)
        installation = fake.add_installation(APP_ID, ["octo/app"])
        app_jwt = {
            "Authorization": "Bearer "
            + pyjwt.encode(
                {"iss": str(APP_ID), "iat": _now() - 30, "exp": _now() + 300},
                PRIVATE_KEY,
                algorithm="RS256",
            )
        }
        sha = fake.state.pulls[("octo/app", pull)].head_sha
        repo = "/repos/octo/app"
        cases = {
            "create_installation_access_token": Case(
                "POST", f"/app/installations/{installation}/access_tokens", {}, [], app_jwt
            ),
            "get_repository": Case("GET", repo, None, [], token),
            "get_collaborator_permission": Case(
                "GET", f"{repo}/collaborators/alice/permission", None, [], token
            ),
            "update_issue_comment": Case(
                "PATCH", f"{repo}/issues/comments/{comment}", {"body": "edited"}, ["body"], token
            ),
            "create_reaction_for_issue_comment": Case(
                "POST",
                f"{repo}/issues/comments/{comment}/reactions",
                {"content": "+1"},
                ["content"],
                token,
            ),
            "get_issue": Case("GET", f"{repo}/issues/{issue}", None, [], token),
            "list_issue_comments": Case("GET", f"{repo}/issues/{issue}/comments", None, [], token),
            "create_issue_comment": Case(
                "POST", f"{repo}/issues/{issue}/comments", {"body": "hi"}, ["body"], token
            ),
            "add_labels_to_issue": Case(
                "POST", f"{repo}/issues/{issue}/labels", {"labels": ["smith"]}, [], token
            ),
            "remove_label_from_issue": Case(
                "DELETE", f"{repo}/issues/{issue}/labels/bug", None, [], token
            ),
            "list_pull_requests": Case("GET", f"{repo}/pulls", None, [], token),
            "create_pull_request": Case(
                "POST",
                f"{repo}/pulls",
                {"head": "feature-x", "base": "main", "title": "t"},
                ["head", "base"],
                token,
            ),
            "get_pull_request": Case("GET", f"{repo}/pulls/{pull}", None, [], token),
            "list_review_comments_on_pull_request": Case(
                "GET", f"{repo}/pulls/{pull}/comments", None, [], token
            ),
            "create_review_comment_for_pull_request": Case(
                "POST",
                f"{repo}/pulls/{pull}/comments",
                {"body": "b", "commit_id": sha, "path": "README.md", "line": 1},
                ["body", "commit_id", "path"],
                token,
            ),
        }
        yield fake, cases


def _now() -> int:
    return int(time.time())


async def test_every_github_operation_has_a_case(
    github: tuple[FakeGitHub, dict[str, Case]],
) -> None:
    keys = {op["key"] for op in GITHUB_SUBSET["operations"]}
    assert len(keys) >= 10, "the subset file lists operations"
    assert set(github[1]) == keys


GITHUB_OPERATION_KEYS = [op["key"] for op in GITHUB_SUBSET["operations"]]


@pytest.mark.parametrize("key", GITHUB_OPERATION_KEYS)
async def test_fake_github_enforces_the_subset(
    github: tuple[FakeGitHub, dict[str, Case]], key: str
) -> None:
    fake, cases = github
    op = next(o for o in GITHUB_SUBSET["operations"] if o["key"] == key)
    case = cases[key]
    assert (case.method, _template(case, op)) == (op["method"], True)
    assert sorted(case.required) == sorted((op["request_body"] or {}).get("required_fields", {}))

    status, _ = await _send(fake.base_url, case, case.body, {})
    assert status == 401

    for field_name in case.required:
        partial = {k: v for k, v in (case.body or {}).items() if k != field_name}
        status, answer = await _send(fake.base_url, case, partial, case.auth)
        assert status == 422, f"{key} without {field_name}"
        assert answer["message"] == "Validation Failed"
        assert answer["errors"][0]["field"] == field_name

    status, _ = await _send(fake.base_url, case, case.body, case.auth)
    documented = {int(code) for code in op["responses"] if code.startswith("2")}
    assert status in documented
    assert fake.requests[-1].operation == key


async def test_fake_github_refuses_a_pull_request_without_title_or_issue(
    github: tuple[FakeGitHub, dict[str, Case]],
) -> None:
    fake, cases = github
    case = cases["create_pull_request"]
    status, _ = await _send(fake.base_url, case, {"head": "feature-y", "base": "main"}, case.auth)
    assert status == 422


async def test_fake_github_refuses_an_unknown_reaction(
    github: tuple[FakeGitHub, dict[str, Case]],
) -> None:
    fake, cases = github
    case = cases["create_reaction_for_issue_comment"]
    status, answer = await _send(fake.base_url, case, {"content": "banana"}, case.auth)
    assert status == 422 and answer["errors"][0]["code"] == "invalid"


def _template(case: Case, op: dict[str, Any]) -> bool:
    """The concrete path matches the operation's templated path segment by segment."""
    concrete = case.path.strip("/").split("/")
    template = op["path"].strip("/").split("/")
    return len(concrete) == len(template) and all(
        t.startswith(("{", ":")) or t == c for t, c in zip(template, concrete, strict=True)
    )


# -- GitLab ------------------------------------------------------------------------------------


GITLAB_OPERATION_KEYS = [op["key"] for op in GITLAB_SUBSET["operations"]]


@pytest_asyncio.fixture
async def gitlab() -> AsyncIterator[tuple[FakeGitLab, dict[str, Case]]]:
    async with FakeGitLab() as fake:
        token = {"PRIVATE-TOKEN": fake.add_token("smith-bot")}
        project = fake.add_project("group/app")
        fake.set_access_level("group/app", "alice", 30)
        alice = fake.state.users["alice"]
        issue = fake.add_issue("group/app")
        mr = fake.add_merge_request("group/app", source_branch="feature")
        note = fake.add_note("group/app", "Issue", issue, "hello")
        thread = fake.add_note("group/app", "MergeRequest", mr, "thread", start_thread=True)
        p = "/api/v4/projects/group%2Fapp"
        cases = {
            "create_merge_request": Case(
                "POST",
                f"{p}/merge_requests",
                {"source_branch": "feature-x", "target_branch": "main", "title": "t"},
                ["source_branch", "target_branch", "title"],
                token,
            ),
            "get_merge_request": Case("GET", f"{p}/merge_requests/{mr}", None, [], token),
            "create_merge_request_note": Case(
                "POST", f"{p}/merge_requests/{mr}/notes", {"body": "hi"}, ["body"], token
            ),
            "list_merge_request_discussions": Case(
                "GET", f"{p}/merge_requests/{mr}/discussions", None, [], token
            ),
            "create_merge_request_discussion": Case(
                "POST", f"{p}/merge_requests/{mr}/discussions", {"body": "b"}, ["body"], token
            ),
            "reply_to_merge_request_discussion": Case(
                "POST",
                f"{p}/merge_requests/{mr}/discussions/{thread.discussion_id}/notes",
                {"body": "r"},
                ["body"],
                token,
            ),
            "get_issue": Case("GET", f"{p}/issues/{issue}", None, [], token),
            "create_issue_note": Case(
                "POST", f"{p}/issues/{issue}/notes", {"body": "hi"}, ["body"], token
            ),
            "edit_issue": Case(
                "PUT", f"/api/v4/projects/{project.id}/issues/{issue}", {"title": "new"}, [], token
            ),
            "award_emoji": Case(
                "POST", f"{p}/issues/{issue}/award_emoji", {"name": "thumbsup"}, ["name"], token
            ),
            "award_emoji_on_note": Case(
                "POST",
                f"{p}/issues/{issue}/notes/{note.id}/award_emoji",
                {"name": "thumbsup"},
                ["name"],
                token,
            ),
            "get_project": Case("GET", p, None, [], token),
            "get_project_member_including_inherited": Case(
                "GET", f"{p}/members/all/{alice}", None, [], token
            ),
        }
        yield fake, cases


async def test_every_gitlab_operation_has_a_case(
    gitlab: tuple[FakeGitLab, dict[str, Case]],
) -> None:
    keys = {op["key"] for op in GITLAB_SUBSET["operations"]}
    assert len(keys) >= 10, "the subset file lists operations"
    assert set(gitlab[1]) == keys


@pytest.mark.parametrize("key", GITLAB_OPERATION_KEYS)
async def test_fake_gitlab_enforces_the_subset(
    gitlab: tuple[FakeGitLab, dict[str, Case]], key: str
) -> None:
    fake, cases = gitlab
    op = next(o for o in GITLAB_SUBSET["operations"] if o["key"] == key)
    case = cases[key]
    concrete = case.path.removeprefix("/api/v4")
    assert case.method == op["method"]
    assert _template(Case(case.method, concrete, None, [], {}), op)
    assert sorted(case.required) == sorted(op["required_fields"])

    status, answer = await _send(fake.base_url, case, case.body, {})
    assert (status, answer) == (401, {"message": "401 Unauthorized"})

    for field_name in case.required:
        partial = {k: v for k, v in (case.body or {}).items() if k != field_name}
        status, answer = await _send(fake.base_url, case, partial, case.auth)
        assert status == 400, f"{key} without {field_name}"
        assert field_name in answer["error"]

    if op.get("at_least_one_of"):
        status, answer = await _send(fake.base_url, case, {}, case.auth)
        assert status == 400 and "at least one" in answer["error"]

    if op.get("conditionally_required_fields"):
        status, answer = await _send(
            fake.base_url, case, {"body": "b", "position": {"position_type": "text"}}, case.auth
        )
        assert status == 400 and "position[base_sha]" in answer["error"]

    status, _ = await _send(fake.base_url, case, case.body, case.auth)
    assert status == int(op["success"].split()[0])
    assert fake.requests[-1].operation == key
