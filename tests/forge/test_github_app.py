"""GitHub App authentication: JWT → per-repo installation → installation token, cached."""

from __future__ import annotations

import logging
import traceback
from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from gidgethub import apps

from bot.forge import build_forge
from bot.forge.base import ItemRef, RepoRef
from bot.forge.errors import NotFound, PermissionDenied
from bot.forge.github import GitHubForge
from tests.fakes.github import FakeGitHub

APP_ID = 4242
REPO = RepoRef("github", "octo/app")


def _key_pair() -> tuple[str, str]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private, public


PRIVATE_KEY, PUBLIC_KEY = _key_pair()


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeGitHub]:
    async with FakeGitHub() as server:
        server.add_repo("octo/app")
        server.add_repo("octo/not-installed")
        server.add_app(APP_ID, PUBLIC_KEY)
        server.add_installation(APP_ID, ["octo/app"])
        yield server


async def test_app_mints_one_token_per_access_and_reuses_it(fake: FakeGitHub) -> None:
    number = fake.add_issue("octo/app", title="Crash")
    forge = build_forge("github", api_url=fake.base_url, app_id=APP_ID, private_key=PRIVATE_KEY)
    try:
        await forge.get_issue(REPO, number)
        await forge.get_issue(REPO, number)
        comment = await forge.create_comment(REPO, ItemRef("issue", number), "on it")
        credentials = await forge.push_credentials(REPO)
    finally:
        await forge.close()

    assert comment.author == "smith-app[bot]"
    assert len(fake.requests_for("get_repo_installation")) == 1
    # One read-only token for the lookups, one write token for the comment and the push.
    minted = fake.requests_for("create_installation_access_token")
    assert [r.body for r in minted] == [
        {"repositories": ["app"], "permissions": {
            "contents": "read", "issues": "read", "pull_requests": "read", "metadata": "read"}},
        {"repositories": ["app"], "permissions": {
            "contents": "write", "issues": "write", "pull_requests": "write",
            "metadata": "read"}},
    ]
    assert credentials is not None and credentials.username == "x-access-token"
    assert credentials.password == fake.state.issued_tokens[1]


async def test_a_token_opens_only_the_repository_it_was_minted_for(fake: FakeGitHub) -> None:
    """An installation covering two repositories still mints a token per repository: the token
    a run on repo A holds gets 404 on repo B, and a read token cannot write."""
    fake.add_repo("octo/other")
    fake.state.repos["octo/other"].installation_id = fake.state.repos["octo/app"].installation_id
    number = fake.add_issue("octo/app", title="Crash")
    other = RepoRef("github", "octo/other")
    forge = GitHubForge(app_id=APP_ID, private_key=PRIVATE_KEY, api_url=fake.base_url)
    try:
        await forge.get_issue(REPO, number)
        credentials = await forge.push_credentials(REPO)
        assert await forge.default_branch(other) == "main"
    finally:
        await forge.close()
    read_token, write_token, other_token = fake.state.issued_tokens
    assert fake.state.token_grants[read_token].repositories == {"app"}
    assert fake.state.token_grants[other_token].repositories == {"other"}
    assert credentials is not None and credentials.password == write_token

    async with aiohttp.ClientSession() as session:
        async def status(method: str, path: str, token: str, **kw: object) -> int:
            headers = {"Authorization": f"token {token}"}
            async with session.request(
                method, fake.base_url + path, headers=headers, **kw  # type: ignore[arg-type]
            ) as response:
                return response.status

        assert await status("GET", "/repos/octo/app", write_token) == 200
        assert await status("GET", "/repos/octo/other", write_token) == 404
        assert await status("GET", "/repos/octo/app", other_token) == 404
        comment = {"json": {"body": "hi"}}
        assert await status(
            "POST", f"/repos/octo/app/issues/{number}/comments", read_token, **comment) == 403
        assert await status(
            "POST", f"/repos/octo/app/issues/{number}/comments", write_token, **comment) == 201


async def test_the_fake_refuses_tokens_beyond_the_installation(fake: FakeGitHub) -> None:
    installation = fake.state.repos["octo/app"].installation_id
    jwt = apps.get_jwt(app_id=str(APP_ID), private_key=PRIVATE_KEY)
    url = f"{fake.base_url}/app/installations/{installation}/access_tokens"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {jwt}"}) as session:
        for body in ({"repositories": ["not-installed"]},
                     {"permissions": {"administration": "write"}},
                     {"permissions": {"metadata": "write"}}):
            async with session.post(url, json=body) as response:
                assert response.status == 422, body
        async with session.post(url, json={}) as response:
            assert response.status == 201  # no body: every repository, the installation's rights


async def test_token_is_minted_again_when_it_is_about_to_expire(fake: FakeGitHub) -> None:
    # Every token expires within the refresh margin, so none may be reused.
    forge = GitHubForge(
        app_id=APP_ID,
        private_key=PRIVATE_KEY,
        api_url=fake.base_url,
        token_refresh_margin=fake.installation_token_lifetime + 60,
    )
    try:
        await forge.default_branch(REPO)
        await forge.default_branch(REPO)
    finally:
        await forge.close()
    assert len(fake.requests_for("create_installation_access_token")) == 2
    assert len(set(fake.state.issued_tokens)) == 2
    assert len(fake.requests_for("get_repo_installation")) == 1  # the installation is cached


async def test_expired_installation_token_is_refused_by_the_fake(fake: FakeGitHub) -> None:
    fake.installation_token_lifetime = -1  # already expired when issued
    forge = GitHubForge(
        app_id=APP_ID, private_key=PRIVATE_KEY, api_url=fake.base_url, token_refresh_margin=0
    )
    try:
        with pytest.raises(PermissionDenied) as caught:
            await forge.default_branch(REPO)
    finally:
        await forge.close()
    assert caught.value.status == 401


async def test_jwt_signed_with_the_wrong_key_is_refused(
    fake: FakeGitHub, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    wrong_private, _ = _key_pair()
    forge = GitHubForge(app_id=APP_ID, private_key=wrong_private, api_url=fake.base_url)
    try:
        with pytest.raises(PermissionDenied) as caught:
            await forge.default_branch(REPO)
    finally:
        await forge.close()
    assert caught.value.status == 401
    assert "JSON web token" in str(caught.value)
    key_body = wrong_private.splitlines()[1]
    assert key_body not in "".join(traceback.format_exception(caught.value)) + caplog.text + repr(
        forge
    )


async def test_repository_without_the_app_installed_is_not_found(fake: FakeGitHub) -> None:
    forge = GitHubForge(app_id=APP_ID, private_key=PRIVATE_KEY, api_url=fake.base_url)
    try:
        with pytest.raises(NotFound):
            await forge.default_branch(RepoRef("github", "octo/not-installed"))
    finally:
        await forge.close()
    assert fake.state.issued_tokens == []


async def test_installation_token_only_opens_its_own_repositories(fake: FakeGitHub) -> None:
    other_installation = fake.add_installation(APP_ID, ["octo/not-installed"])
    forge = GitHubForge(app_id=APP_ID, private_key=PRIVATE_KEY, api_url=fake.base_url)
    try:
        assert await forge.default_branch(REPO) == "main"
        assert await forge.default_branch(RepoRef("github", "octo/not-installed")) == "main"
    finally:
        await forge.close()
    # Two repositories in two installations: two tokens, one each.
    assert len(fake.state.issued_tokens) == 2
    assert fake.state.installation_tokens[fake.state.issued_tokens[1]][0] == other_installation


def test_factory_refuses_half_an_app_configuration() -> None:
    with pytest.raises(ValueError):
        build_forge("github", app_id=APP_ID)
    with pytest.raises(ValueError):
        build_forge("github", token="t", app_id=APP_ID, private_key=PRIVATE_KEY)
    with pytest.raises(ValueError):
        build_forge("gitlab")


async def test_tokens_ask_no_more_than_the_installation_was_granted(fake: FakeGitHub) -> None:
    """An App installed without pull-request access still works for issues: its tokens ask for
    what it has (asking for more is refused with 422)."""
    fake.add_repo("octo/issues-only")
    fake.add_installation(APP_ID, ["octo/issues-only"],
                          permissions={"issues": "write", "metadata": "read"})
    repo = RepoRef("github", "octo/issues-only")
    number = fake.add_issue("octo/issues-only", title="Crash")
    forge = GitHubForge(app_id=APP_ID, private_key=PRIVATE_KEY, api_url=fake.base_url)
    try:
        await forge.get_issue(repo, number)
        await forge.create_comment(repo, ItemRef("issue", number), "on it")
    finally:
        await forge.close()
    assert [r.body["permissions"] for r in fake.requests_for("create_installation_access_token")
            ] == [{"issues": "read", "metadata": "read"}, {"issues": "write", "metadata": "read"}]
