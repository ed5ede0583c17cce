"""`smith setup github` against the fake GitHub: the local page posts the manifest, the fake's
new-App form answers with a code, the callback trades it at the conversion endpoint, and the
credentials land in the secrets folder (0600) where the settings read them and the App can
authenticate. Hostile callbacks change nothing."""

from __future__ import annotations

import json
import re
import stat
from collections.abc import AsyncIterator
from html import unescape
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from bot.cli import build_parser
from bot.cli.setup import ManifestFlow
from bot.config import PROJECT_ROOT, Settings
from bot.forge.app_manifest import ManifestError, write_secrets
from bot.forge.base import RepoRef
from bot.services import build_forges
from tests.fakes.github import FakeGitHub

WEBHOOK_URL = "https://smith.example.org/webhooks/github"
TEMPLATE = json.loads((PROJECT_ROOT / "deploy" / "github-app-manifest.json").read_text())


@pytest_asyncio.fixture
async def github() -> AsyncIterator[FakeGitHub]:
    async with FakeGitHub() as fake:
        yield fake


def flow_for(github: FakeGitHub, folder: Path, org: str | None = "acme") -> ManifestFlow:
    return ManifestFlow(template=TEMPLATE, name="Smith Acme", webhook_url=WEBHOOK_URL, org=org,
                        github_url=github.base_url, api_url=github.base_url,
                        secrets_dir=folder, port=0)


async def open_start_page(client: aiohttp.ClientSession, url: str) -> tuple[str, str]:
    """What a browser sees on the local page: the form's target and the manifest it posts."""
    async with client.get(url) as response:
        assert response.status == 200
        assert "default-src 'none'" in response.headers["Content-Security-Policy"]
        html = await response.text()
    action = unescape(re.search(r'<form action="([^"]+)" method="post">', html).group(1))
    manifest = unescape(re.search(r'name="manifest" value="([^"]+)"', html).group(1))
    return action, manifest


async def submit_to_github(client: aiohttp.ClientSession, action: str, manifest: str) -> str:
    """The person clicks "Create GitHub App": GitHub answers with a redirect to the callback."""
    async with client.post(action, data={"manifest": manifest},
                           allow_redirects=False) as response:
        assert response.status == 302, await response.text()
        return response.headers["Location"]


async def reach_callback(client: aiohttp.ClientSession, url: str) -> str:
    """Open the local page and submit its form on GitHub: where GitHub sends the browser."""
    action, manifest = await open_start_page(client, url)
    return await submit_to_github(client, action, manifest)


async def test_setup_registers_the_app_and_writes_its_credentials(github, tmp_path):
    folder = tmp_path / "secrets"
    flow = flow_for(github, folder)
    url = await flow.start()
    try:
        async with aiohttp.ClientSession() as client:
            callback = await reach_callback(client, url)
            async with client.get(callback) as response:
                page = await response.text()
                assert response.status == 200, page
        app, written = await flow.wait(5)
    finally:
        await flow.close()

    # The manifest GitHub got: this installation's webhook, the callback on this machine, the
    # template's permissions and events, for the organisation asked for.
    [created] = github.created_apps
    assert created["owner"]["login"] == "acme"
    sent = created["manifest"]
    assert sent["hook_attributes"]["url"] == WEBHOOK_URL and sent["public"] is False
    assert sent["redirect_url"] == f"{url}callback"
    assert sent["default_permissions"] == TEMPLATE["default_permissions"]
    assert sent["default_events"] == TEMPLATE["default_events"]
    assert [r.operation for r in github.requests] == ["create_app_from_manifest_form",
                                                      "create_app_from_manifest"]
    # The credentials, one file per setting, readable by nobody else.
    assert written == folder and app.id == created["id"]
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert (folder / "github_app_key.pem").read_text() == created["pem"]
    assert f"{app.html_url}/installations/new" in page
    assert created["webhook_secret"] not in page and "PRIVATE KEY" not in page
    # The settings read them as SMITH_SECRETS_DIR does, and the App authenticates with them.
    settings = Settings(_secrets_dir=folder, data_dir=tmp_path / "data",
                        github_api_url=github.base_url)
    assert settings.github_app_id == created["id"]
    assert settings.github_webhook_secret.get_secret_value() == created["webhook_secret"]
    assert settings.bot_account == "smith-acme[bot]"
    github.add_repo("acme/app")
    number = github.add_issue("acme/app", title="Crash")
    github.add_installation(created["id"], ["acme/app"])
    forge = build_forges(settings)["github"]
    try:
        issue = await forge.get_issue(RepoRef("github", "acme/app"), number)
    finally:
        await forge.close()
    assert issue.title == "Crash"


async def test_a_callback_of_another_setup_or_with_a_bad_code_changes_nothing(github, tmp_path):
    folder = tmp_path / "secrets"
    flow = flow_for(github, folder, org=None)
    url = await flow.start()
    try:
        async with aiohttp.ClientSession() as client:
            action, manifest = await open_start_page(client, url)
            assert "/settings/apps/new?state=" in action and "/organizations/" not in action
            callback = await submit_to_github(client, action, manifest)
            code = re.search(r"code=([^&]+)", callback).group(1)
            for query in ({"code": code, "state": "forged"}, {"code": code},
                          {"code": "../../user", "state": flow.state},
                          {"code": "", "state": flow.state}):
                async with client.get(f"{url}callback", params=query) as response:
                    assert response.status == 400, query
            assert not folder.exists()
            assert [r.operation for r in github.requests] == ["create_app_from_manifest_form"]
            # the real callback still works afterwards
            async with client.get(callback) as response:
                assert response.status == 200
            async with client.get(callback) as response:  # and only once
                assert response.status == 409
        app, _ = await flow.wait(5)
    finally:
        await flow.close()
    assert (folder / "smith_github_app_id").read_text() == str(app.id)


async def test_a_spent_code_ends_the_setup_with_the_reason(github, tmp_path):
    folder = tmp_path / "secrets"
    flow = flow_for(github, folder)
    url = await flow.start()
    try:
        async with aiohttp.ClientSession() as client:
            callback = await reach_callback(client, url)
            github.pending_apps.clear()  # the hour passed, or the code was used elsewhere
            async with client.get(callback) as response:
                assert response.status == 502
                assert "good once" in await response.text()
        with pytest.raises(ManifestError, match="refused the code"):
            await flow.wait(5)
    finally:
        await flow.close()
    assert not folder.exists()


def test_keys_are_never_written_over_files_that_appeared_meanwhile(tmp_path):
    from bot.forge.app_manifest import AppCredentials

    folder = tmp_path / "secrets"
    folder.mkdir()
    (folder / "smith_github_app_id").write_text("41")
    app = AppCredentials(id=42, slug="smith", html_url="https://github.com/apps/smith",
                         webhook_secret="s3cret", pem="-----BEGIN RSA PRIVATE KEY-----\nx\n")
    written = write_secrets(folder, app)
    assert written == folder / "github-app-42"
    assert (folder / "smith_github_app_id").read_text() == "41"
    assert (written / "smith_github_app_id").read_text() == "42"
    assert (written / "smith_github_private_key_path").read_text() == str(
        written / "github_app_key.pem")


def test_the_command_line_names_the_flow():
    args = build_parser(["setup", "github", "--webhook-url", WEBHOOK_URL]).parse_args(
        ["setup", "github", "--webhook-url", WEBHOOK_URL, "--org", "acme", "--no-browser"])
    assert (args.forge, args.org, args.no_browser, args.port) == ("github", "acme", True, 3000)
