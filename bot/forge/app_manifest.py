"""Registering Smith as a GitHub App with the manifest flow, as Probot does.

A page on this machine posts the manifest to GitHub; the person clicks "Create GitHub App";
GitHub sends the browser back with a one-time code, which is traded at
`POST /app-manifests/{code}/conversions` (no authentication: the code is the key, good once,
for an hour) for the App's id, private key and webhook secret. Those are written to the secrets
folder, one file per setting (what `SMITH_SECRETS_DIR` reads), mode 0600.

The callback is reached by whatever the browser is told to open, so it is untrusted: the
`state` must be the one this flow made (constant-time compare), the code must look like a code
before it goes into a URL, and GitHub's answer is validated before anything is written.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
from pathlib import Path
from typing import Any

import aiohttp
from gidgethub import GitHubException
from gidgethub.aiohttp import GitHubAPI
from pydantic import BaseModel, Field, ValidationError

CODE_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,100}")
ORG_PATTERN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})")
SLUG_PATTERN = r"^[a-z0-9][a-z0-9-]{0,99}$"
KEY_FILE = "github_app_key.pem"


class ManifestError(Exception):
    """The flow cannot go on; the message says why, for the person running it."""


class AppCredentials(BaseModel):
    """What the conversion answers that Smith keeps (client id and secret are not needed)."""

    id: int = Field(gt=0)
    slug: str = Field(pattern=SLUG_PATTERN)
    html_url: str
    webhook_secret: str = Field(min_length=1, max_length=1000)
    pem: str = Field(pattern=r"^-----BEGIN [A-Z ]*PRIVATE KEY-----", max_length=20_000)

    @property
    def bot_account(self) -> str:
        return f"{self.slug}[bot]"


def build_manifest(template: dict[str, Any], *, name: str, webhook_url: str,
                   redirect_url: str) -> dict[str, Any]:
    """The template (deploy/github-app-manifest.json) with this installation's name and URLs."""
    if not webhook_url.startswith(("https://", "http://")):
        raise ManifestError(f"the webhook URL must start with https:// (got {webhook_url!r})")
    manifest: dict[str, Any] = json.loads(json.dumps(template))
    manifest["name"] = name
    manifest["hook_attributes"] = {**manifest.get("hook_attributes", {}), "url": webhook_url,
                                   "active": True}
    manifest["redirect_url"] = redirect_url
    manifest["public"] = False
    return manifest


def new_state() -> str:
    return secrets.token_urlsafe(24)


def registration_url(github_url: str, org: str | None, state: str) -> str:
    """Where the page posts the manifest: the user's or an organisation's new-App form."""
    base = github_url.rstrip("/")
    if org is not None:
        if not ORG_PATTERN.fullmatch(org):
            raise ManifestError(f"not an organisation name: {org!r}")
        return f"{base}/organizations/{org}/settings/apps/new?state={state}"
    return f"{base}/settings/apps/new?state={state}"


def checked_code(code: str | None, state: str | None, expected_state: str) -> str:
    """The callback's code, once its state is this flow's and the code looks like one."""
    if state is None or not hmac.compare_digest(state.encode(), expected_state.encode()):
        raise ManifestError("the callback's state is not this setup's: open the page this "
                            "command printed and start again from there")
    if code is None or not CODE_PATTERN.fullmatch(code):
        raise ManifestError("the callback carries no valid code")
    return code


async def convert(api_url: str, code: str, *, timeout: float = 30.0) -> AppCredentials:
    """Trade the one-time code for the App's credentials."""
    client_timeout = aiohttp.ClientTimeout(total=timeout)
    try:
        async with aiohttp.ClientSession(timeout=client_timeout) as session:
            github = GitHubAPI(session, "smith-setup", base_url=api_url)
            answer = await github.post("/app-manifests/{code}/conversions",
                                       url_vars={"code": code}, data={})
    except GitHubException as exc:
        raise ManifestError(f"GitHub refused the code ({exc}); a code is good once and for "
                            "an hour: run the setup again") from exc
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise ManifestError(f"could not reach GitHub at {api_url}: {exc}") from exc
    try:
        return AppCredentials.model_validate(answer)
    except ValidationError as exc:
        raise ManifestError(f"GitHub's answer is not an App's credentials: {exc}") from exc


def secret_files(folder: Path, app: AppCredentials) -> dict[Path, str]:
    """Each file the settings read (`smith_<setting>`), and the key the path names."""
    key = folder / KEY_FILE
    return {
        folder / "smith_github_app_id": str(app.id),
        folder / "smith_github_webhook_secret": app.webhook_secret,
        key: app.pem,
        folder / "smith_github_private_key_path": str(key.absolute()),
        folder / "smith_bot_account": app.bot_account,
    }


def existing(folder: Path) -> list[Path]:
    """The files a setup would write that are already there (a setup never overwrites)."""
    names = ("smith_github_app_id", "smith_github_webhook_secret", KEY_FILE,
             "smith_github_private_key_path", "smith_bot_account")
    return [folder / name for name in names if os.path.lexists(folder / name)]


def write_secrets(folder: Path, app: AppCredentials) -> Path:
    """Write the credentials, 0600 in a 0700 folder, never over a file or through a link.

    If files appeared in `folder` since the setup started, everything goes to a folder of
    its own beside them (`github-app-<id>`): the code is spent, so the keys must not be lost."""
    target = folder if not existing(folder) else folder / f"github-app-{app.id}"
    target.mkdir(mode=0o700, parents=True, exist_ok=True)
    if target.is_symlink() or not target.is_dir():
        raise ManifestError(f"{target} is not a folder")
    for path, text in secret_files(target, app).items():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
    return target
