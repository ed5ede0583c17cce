"""GitHub App authentication: JWT → per-repo installation → installation token, cached."""

from __future__ import annotations

import logging
import traceback
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

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


async def test_app_mints_one_installation_token_and_reuses_it(fake: FakeGitHub) -> None:
    number = fake.add_issue("octo/app", title="Crash")
    forge = build_forge("github", api_url=fake.base_url, app_id=APP_ID, private_key=PRIVATE_KEY)
    try:
        await forge.get_issue(REPO, number)
        comment = await forge.create_comment(REPO, ItemRef("issue", number), "on it")
        credentials = await forge.push_credentials(REPO)
    finally:
        await forge.close()

    assert comment.author == "smith-app[bot]"
    assert len(fake.requests_for("get_repo_installation")) == 1
    assert len(fake.requests_for("create_installation_access_token")) == 1
    assert credentials is not None and credentials.username == "x-access-token"
    assert [credentials.password] == fake.state.issued_tokens


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
