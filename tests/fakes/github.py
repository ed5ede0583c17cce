"""A fake GitHub REST API (the operations Smith uses), in memory, over real HTTP.

Speaks the paths, status codes and response shapes of api.github.com (see
shared/fixtures/github/openapi-subset.json): 401 without a valid token, 422 with GitHub's
`{"message": "Validation Failed", "errors": [...]}` when a required field is missing, 404 for
unknown things, and GitHub App auth (a JWT verified with the app's public key, then installation
tokens). Seed it, point `GitHubForge(api_url=fake.base_url, token=...)` at it, inspect
`fake.state`. Human actions (`label_issue`, `comment`, ...) can fire signed webhooks at Smith.

    async with FakeGitHub() as fake:
        token = fake.add_token("smith-bot")
        fake.add_repo("octo/app", clone_path=bare_repo)
        number = fake.add_issue("octo/app", title="Crash", labels=["bug"])
        forge = GitHubForge(token=token, api_url=fake.base_url)

Or as a pytest fixture: `from tests.fakes.github import fake_github` in a conftest.

Webhook deliveries. Every webhook the fake fires is recorded in `fake.deliveries` (a
`SentDelivery`: id, guid, status code Smith answered, 0 when it did not answer) on the hook it
went through: the App's webhook when the repository has an installation, else the repository's
own webhook (one per repository, pointing at `webhook_url`). `fake.fail_next_deliveries(1,
status=503)` records the next delivery as failed without sending it. GitHub's delivery endpoints
are served (`/app/hook/deliveries[/{id}[/attempts]]` with the App's JWT,
`/repos/{o}/{r}/hooks[/{id}/deliveries[/{id}/attempts]]` with an admin's token); a redelivery
re-fires the same payload with the same guid, synchronously, and is recorded as a new attempt.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import jwt
import pytest_asyncio
from aiohttp import web

from tests.fakes import Call, FakeServer, Fault, Route, paginate, webhooks

DOCS = "https://docs.github.com/rest"
ROLES = ("none", "read", "triage", "write", "maintain", "admin")
LEGACY_PERMISSION = {"maintain": "write", "triage": "read"}
REACTIONS = ("+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes")
LEVELS = {"read": 1, "write": 2, "admin": 3}
JWT_OPERATIONS = (
    "create_installation_access_token",
    "get_repo_installation",
    "list_app_hook_deliveries",
    "get_app_hook_delivery",
    "redeliver_app_hook_delivery",
)
DEFAULT_INSTALLATION_PERMISSIONS = {
    "contents": "write", "issues": "write", "pull_requests": "write", "metadata": "read",
}


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Repo:
    full_name: str
    id: int
    default_branch: str = "main"
    clone_url: str = ""
    private: bool = False
    collaborators: dict[str, str] = field(default_factory=dict)
    installation_id: int | None = None


@dataclass
class Issue:
    repo: str
    number: int
    title: str
    body: str
    user: str
    labels: list[str] = field(default_factory=list)
    state: str = "open"
    milestone: str | None = None
    is_pull: bool = False
    created_at: str = field(default_factory=_now)


@dataclass
class Pull:
    repo: str
    number: int
    head: str
    base: str
    title: str
    body: str
    user: str
    state: str = "open"
    merged: bool = False
    head_sha: str = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
    created_at: str = field(default_factory=_now)


@dataclass
class IssueComment:
    id: int
    repo: str
    number: int
    user: str
    body: str
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)


@dataclass
class ReviewComment:
    id: int
    repo: str
    number: int
    user: str
    body: str
    path: str
    line: int | None
    commit_id: str
    in_reply_to_id: int | None = None
    created_at: str = field(default_factory=_now)


@dataclass
class Reaction:
    id: int
    user: str
    content: str
    created_at: str = field(default_factory=_now)


@dataclass
class RepoHook:
    """A repository webhook (token mode); the App's webhook needs no record."""

    id: int
    repo: str
    url: str
    active: bool = True


@dataclass
class SentDelivery:
    """One attempt at delivering one webhook, as GitHub lists it under the hook's deliveries."""

    id: int
    guid: str
    event: str
    action: str | None
    headers: dict[str, str]
    body: bytes
    status_code: int
    delivered_at: str
    redelivery: bool = False
    app_id: str | None = None
    hook_id: int | None = None
    repo: str | None = None
    installation_id: int | None = None
    repository_id: int | None = None

    def __iter__(self) -> Any:  # `headers, body, status = delivery`, as before records existed
        return iter((self.headers, self.body, self.status_code))


@dataclass
class TokenGrant:
    """What one installation token opens: its repositories (None: all of the installation's)
    and its permissions (GitHub's names: issues, pull_requests, contents, metadata)."""

    installation_id: int
    expires: float
    repositories: frozenset[str] | None
    permissions: dict[str, str]


@dataclass
class GitHubState:
    """Everything the fake knows; tests read and seed it directly."""

    users: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    repos: dict[str, Repo] = field(default_factory=dict)
    issues: dict[tuple[str, int], Issue] = field(default_factory=dict)
    pulls: dict[tuple[str, int], Pull] = field(default_factory=dict)
    comments: dict[int, IssueComment] = field(default_factory=dict)
    review_comments: dict[int, ReviewComment] = field(default_factory=dict)
    reactions: dict[tuple[str, int], list[Reaction]] = field(default_factory=dict)
    apps: dict[str, str] = field(default_factory=dict)
    installations: dict[int, str] = field(default_factory=dict)
    installation_tokens: dict[str, tuple[int, float]] = field(default_factory=dict)
    installation_permissions: dict[int, dict[str, str]] = field(default_factory=dict)
    token_grants: dict[str, TokenGrant] = field(default_factory=dict)
    issued_tokens: list[str] = field(default_factory=list)


class FakeGitHub(FakeServer):
    """In-memory GitHub; `base_url` is the API root to give the adapter."""

    def __init__(
        self,
        *,
        webhook_url: str | None = None,
        webhook_secret: str = "webhook-secret",
        installation_token_lifetime: float = 3600.0,
    ) -> None:
        super().__init__()
        self.state = GitHubState()
        self.webhook_url = webhook_url
        self.webhook_secret = webhook_secret
        self.installation_token_lifetime = installation_token_lifetime
        self.deliveries: list[SentDelivery] = []
        self.hooks: dict[int, RepoHook] = {}
        self._failing_deliveries: list[list[int]] = []  # [[count, status], ...]
        self._ids = itertools.count(1000)
        self._delivery_ids = itertools.count(90_000_001)
        self._register_routes()
        self._register_delivery_routes()

    # -- seeding ----------------------------------------------------------------------------

    def add_user(self, login: str) -> int:
        return self.state.users.setdefault(login, next(self._ids))

    def add_token(self, login: str = "smith-bot", token: str | None = None) -> str:
        """A personal access token acting as `login`; returns it."""
        self.add_user(login)
        token = token or f"ghp_fake{next(self._ids)}"
        self.state.tokens[token] = login
        return token

    def add_repo(
        self,
        full_name: str,
        *,
        default_branch: str = "main",
        clone_path: str | Path | None = None,
        private: bool = False,
    ) -> Repo:
        """A repository; `clone_path` (a local bare repo) becomes its `file://` clone URL."""
        self.add_user(full_name.split("/", 1)[0])
        clone_url = (
            Path(clone_path).resolve().as_uri()
            if clone_path
            else f"https://github.com/{full_name}.git"
        )
        repo = Repo(full_name, next(self._ids), default_branch, clone_url, private)
        self.state.repos[full_name] = repo
        return repo

    def set_permission(self, repo: str, login: str, role: str) -> None:
        """Make `login` a collaborator with `role` (none/read/triage/write/maintain/admin)."""
        if role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}")
        self.add_user(login)
        self.state.repos[repo].collaborators[login] = role

    def _next_number(self, repo: str) -> int:
        return 1 + max((n for (r, n) in self.state.issues if r == repo), default=0)

    def add_issue(
        self,
        repo: str,
        *,
        title: str = "Something is broken",
        body: str = "",
        author: str = "octocat",
        labels: list[str] | tuple[str, ...] = (),
        milestone: str | None = None,
    ) -> int:
        self.add_user(author)
        number = self._next_number(repo)
        self.state.issues[(repo, number)] = Issue(
            repo, number, title, body, author, list(labels), milestone=milestone
        )
        return number

    def add_pull(
        self,
        repo: str,
        *,
        head: str,
        base: str | None = None,
        title: str = "A change",
        body: str = "",
        author: str = "octocat",
    ) -> int:
        self.add_user(author)
        number = self._next_number(repo)
        base = base or self.state.repos[repo].default_branch
        self.state.issues[(repo, number)] = Issue(repo, number, title, body, author, is_pull=True)
        self.state.pulls[(repo, number)] = Pull(repo, number, head, base, title, body, author)
        return number

    def add_comment(self, repo: str, number: int, body: str, author: str = "octocat") -> int:
        self.add_user(author)
        comment_id = next(self._ids)
        self.state.comments[comment_id] = IssueComment(comment_id, repo, number, author, body)
        return comment_id

    def add_review_comment(
        self,
        repo: str,
        number: int,
        body: str,
        author: str = "octocat",
        *,
        path: str = "README.md",
        line: int | None = 1,
        in_reply_to: int | None = None,
    ) -> int:
        self.add_user(author)
        comment_id = next(self._ids)
        sha = self.state.pulls[(repo, number)].head_sha
        self.state.review_comments[comment_id] = ReviewComment(
            comment_id, repo, number, author, body, path, line, sha, in_reply_to
        )
        return comment_id

    def add_reaction(
        self, comment_id: int, content: str, user: str, *, review: bool = False
    ) -> None:
        self.add_user(user)
        key = ("review_comment" if review else "issue_comment", comment_id)
        self.state.reactions.setdefault(key, []).append(Reaction(next(self._ids), user, content))

    def add_app(self, app_id: int | str, public_key_pem: str | bytes) -> None:
        """Register a GitHub App by its public key (JWTs must be signed with its private key)."""
        pem = public_key_pem.decode() if isinstance(public_key_pem, bytes) else public_key_pem
        self.state.apps[str(app_id)] = pem

    def add_installation(
        self, app_id: int | str, repos: list[str], permissions: dict[str, str] | None = None
    ) -> int:
        installation_id = next(self._ids)
        self.state.installations[installation_id] = str(app_id)
        self.state.installation_permissions[installation_id] = dict(
            permissions or DEFAULT_INSTALLATION_PERMISSIONS
        )
        for name in repos:
            self.state.repos[name].installation_id = installation_id
        return installation_id

    def labels_of(self, repo: str, number: int) -> list[str]:
        return list(self.state.issues[(repo, number)].labels)

    def comments_on(self, repo: str, number: int) -> list[IssueComment]:
        return [c for c in self.state.comments.values() if c.repo == repo and c.number == number]

    # -- human actions (optionally firing webhooks) -----------------------------------------

    async def _notify(self, delivery: webhooks.Delivery, notify: bool) -> None:
        if notify and self.webhook_url:
            headers, body = delivery
            payload = json.loads(body)
            repo = (payload.get("repository") or {}).get("full_name")
            await self._deliver(headers, body, repo, redelivery=False)

    def fail_next_deliveries(self, count: int = 1, *, status: int = 503) -> None:
        """The next `count` webhooks never reach Smith; GitHub records them as answered `status`
        (0: no answer at all, as after a timeout or a refused connection)."""
        self._failing_deliveries.append([count, status])

    def repo_hook(self, repo: str) -> RepoHook:
        """The repository's webhook to Smith (created on first use)."""
        for hook in self.hooks.values():
            if hook.repo == repo:
                return hook
        hook = RepoHook(next(self._ids), repo, self.webhook_url or "")
        self.hooks[hook.id] = hook
        return hook

    async def _deliver(
        self,
        headers: dict[str, str],
        body: bytes,
        repo: str | None,
        *,
        redelivery: bool,
        app_id: str | None = None,
        hook_id: int | None = None,
    ) -> SentDelivery:
        """Send one attempt (unless a failure is injected) and record it on its hook."""
        known = self.state.repos.get(repo or "")
        if app_id is None and hook_id is None:
            if known is not None and known.installation_id is not None:
                app_id = self.state.installations.get(known.installation_id)
            elif repo is not None:
                hook_id = self.repo_hook(repo).id
        injected = next((f for f in self._failing_deliveries if f[0] > 0), None)
        if injected is not None:
            injected[0] -= 1
            status = injected[1]
        else:
            url = self.hooks[hook_id].url if hook_id is not None else self.webhook_url
            try:
                status, _ = await webhooks.send_webhook(str(url), headers, body)
            except (aiohttp.ClientError, TimeoutError):
                status = 0
        payload = json.loads(body)
        record = SentDelivery(
            id=next(self._delivery_ids),
            guid=headers["X-GitHub-Delivery"],
            event=headers.get("X-GitHub-Event", ""),
            action=payload.get("action") if isinstance(payload, dict) else None,
            headers=dict(headers),
            body=body,
            status_code=status,
            delivered_at=_now(),
            redelivery=redelivery,
            app_id=app_id,
            hook_id=hook_id if app_id is None else None,
            repo=repo,
            installation_id=known.installation_id if known else None,
            repository_id=known.id if known else None,
        )
        self.deliveries.append(record)
        return record

    async def label_issue(
        self, repo: str, number: int, label: str, actor: str, *, notify: bool = True
    ) -> None:
        issue = self.state.issues[(repo, number)]
        if label not in issue.labels:
            issue.labels.append(label)
        await self._notify(
            webhooks.github_issues_labeled(
                secret=self.webhook_secret,
                repo=repo,
                number=number,
                label=label,
                actor=actor,
                title=issue.title,
                body=issue.body,
                author=issue.user,
                labels=issue.labels,
                installation_id=self.state.repos[repo].installation_id,
            ),
            notify,
        )

    async def comment(
        self, repo: str, number: int, body: str, actor: str, *, notify: bool = True
    ) -> int:
        """A human comments on an issue or PR (`issue_comment.created`)."""
        comment_id = self.add_comment(repo, number, body, actor)
        issue = self.state.issues[(repo, number)]
        await self._notify(
            webhooks.github_issue_comment_created(
                secret=self.webhook_secret,
                repo=repo,
                number=number,
                comment_body=body,
                actor=actor,
                comment_id=comment_id,
                on_pull_request=issue.is_pull,
                title=issue.title,
                issue_body=issue.body,
                author=issue.user,
                labels=issue.labels,
                installation_id=self.state.repos[repo].installation_id,
            ),
            notify,
        )
        return comment_id

    async def review_comment(
        self,
        repo: str,
        number: int,
        body: str,
        actor: str,
        *,
        path: str = "README.md",
        line: int | None = 1,
        in_reply_to: int | None = None,
        notify: bool = True,
    ) -> int:
        """A human review comment on a diff line, or a reply in a review thread."""
        comment_id = self.add_review_comment(
            repo, number, body, actor, path=path, line=line, in_reply_to=in_reply_to
        )
        pull = self.state.pulls[(repo, number)]
        await self._notify(
            webhooks.github_pull_request_review_comment_created(
                secret=self.webhook_secret,
                repo=repo,
                pull_number=number,
                comment_body=body,
                actor=actor,
                comment_id=comment_id,
                in_reply_to_id=in_reply_to,
                path=path,
                line=line,
                title=pull.title,
                pull_body=pull.body,
                author=pull.user,
                head_ref=pull.head,
                base_ref=pull.base,
                installation_id=self.state.repos[repo].installation_id,
            ),
            notify,
        )
        return comment_id

    async def submit_review(
        self,
        repo: str,
        number: int,
        actor: str,
        *,
        state: str = "commented",
        body: str | None = None,
        notify: bool = True,
    ) -> None:
        pull = self.state.pulls[(repo, number)]
        await self._notify(
            webhooks.github_pull_request_review_submitted(
                secret=self.webhook_secret,
                repo=repo,
                pull_number=number,
                actor=actor,
                state=state,
                review_body=body,
                review_id=next(self._ids),
                title=pull.title,
                author=pull.user,
                head_ref=pull.head,
                base_ref=pull.base,
                installation_id=self.state.repos[repo].installation_id,
            ),
            notify,
        )

    async def close_pull(
        self, repo: str, number: int, actor: str, *, merged: bool, notify: bool = True,
        head_sha: str | None = None,
    ) -> None:
        """Merge (or just close) a PR (`pull_request.closed`)."""
        pull = self.state.pulls[(repo, number)]
        pull.state, pull.merged = "closed", merged
        self.state.issues[(repo, number)].state = "closed"
        await self._notify(
            webhooks.github_pull_request_closed(
                secret=self.webhook_secret,
                repo=repo,
                pull_number=number,
                merged=merged,
                actor=actor,
                title=pull.title,
                body=pull.body,
                author=pull.user,
                head_ref=pull.head,
                base_ref=pull.base,
                installation_id=self.state.repos[repo].installation_id,
                head_sha=head_sha,
            ),
            notify,
        )

    # -- wire answers -----------------------------------------------------------------------

    def error_response(self, status: int, message: str) -> web.Response:
        return web.json_response(
            {"message": message, "documentation_url": DOCS, "status": str(status)}, status=status
        )

    def _validation_failed(
        self, resource: str, field_name: str, code: str = "missing_field"
    ) -> web.Response:
        return web.json_response(
            {
                "message": "Validation Failed",
                "errors": [{"resource": resource, "field": field_name, "code": code}],
                "documentation_url": DOCS,
                "status": "422",
            },
            status=422,
        )

    def rate_limit_response(self, fault: Fault) -> web.Response:
        wait = fault.retry_after
        if fault.style == "reset":
            headers = {
                "X-RateLimit-Limit": "5000",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Used": "5000",
                "X-RateLimit-Reset": str(math.ceil(time.time() + wait)),
                "X-RateLimit-Resource": "core",
            }
            return web.json_response(
                {"message": "API rate limit exceeded for user ID 1.", "documentation_url": DOCS},
                status=403,
                headers=headers,
            )
        status = 429 if fault.style == "retry-after" else 403
        return web.json_response(
            {
                "message": "You have exceeded a secondary rate limit. "
                "Please wait a few minutes before you try again.",
                "documentation_url": DOCS,
            },
            status=status,
            headers={"Retry-After": f"{wait:g}"},
        )

    def authenticate(self, call: Call, route: Route) -> web.Response | None:
        header = call.request.headers.get("Authorization", "")
        scheme, _, credential = header.partition(" ")
        if route.operation in JWT_OPERATIONS:
            app_id = self._verify_jwt(credential) if scheme.lower() == "bearer" else None
            if app_id is None:
                return self.error_response(401, "A JSON web token could not be decoded")
            call.auth = {"app_id": app_id}
            return None
        if scheme.lower() not in ("token", "bearer") or not credential:
            return self.error_response(401, "Requires authentication")
        if credential in self.state.tokens:
            call.user = self.state.tokens[credential]
            return None
        installation = self.state.installation_tokens.get(credential)
        if installation is not None and installation[1] > time.time():
            call.user = "smith-app[bot]"
            call.auth = {"installation_id": installation[0]}
            repo = call.params.get("owner", "") + "/" + call.params.get("repo", "")
            known = self.state.repos.get(repo)
            grant = self.state.token_grants.get(credential)
            if "repo" in call.params and (
                known is None
                or known.installation_id != installation[0]
                or (grant is not None and grant.repositories is not None
                    and known.full_name.split("/", 1)[1] not in grant.repositories)
            ):
                return self.error_response(404, "Not Found")
            if grant is not None and "repo" in call.params:
                resource, level = self._needed_permission(call.request.method, route)
                if LEVELS.get(grant.permissions.get(resource, ""), 0) < LEVELS[level]:
                    return self.error_response(403, "Resource not accessible by integration")
            return None
        return self.error_response(401, "Bad credentials")

    @staticmethod
    def _needed_permission(method: str, route: Route) -> tuple[str, str]:
        """(permission, level) an installation token needs for a repository route."""
        template = route.template
        if "/hooks" in template:
            return "repository_hooks", "read" if method == "GET" else "write"
        if "/pulls" in template:
            resource = "pull_requests"
        elif "/issues" in template:
            resource = "issues"
        else:  # the repository itself, collaborators' permissions
            return "metadata", "read"
        return resource, "read" if method == "GET" else "write"

    def _verify_jwt(self, token: str) -> str | None:
        try:
            unverified = jwt.decode(token, options={"verify_signature": False})
            app_id = str(unverified.get("iss"))
            key = self.state.apps.get(app_id)
            if key is None:
                return None
            claims = jwt.decode(
                token, key, algorithms=["RS256"], options={"require": ["iat", "exp", "iss"]}
            )
        except jwt.PyJWTError:
            return None
        if claims["exp"] - time.time() > 600:
            return None  # GitHub refuses JWTs that live longer than 10 minutes
        return app_id

    # -- JSON shapes ------------------------------------------------------------------------

    def _user(self, login: str) -> dict[str, Any]:
        user_id = self.state.users.get(login) or self.add_user(login)
        return {
            "login": login,
            "id": user_id,
            "node_id": f"U_{user_id}",
            "type": "Bot" if login.endswith("[bot]") else "User",
            "url": f"{self.base_url}/users/{login}",
            "html_url": f"https://github.com/{login}",
            "site_admin": False,
        }

    def _label(self, repo: str, name: str) -> dict[str, Any]:
        return {
            "id": abs(hash((repo, name))) % 10**9,
            "node_id": f"LA_{name}",
            "name": name,
            "color": "ededed",
            "default": False,
            "description": None,
            "url": f"{self.base_url}/repos/{repo}/labels/{name}",
        }

    def _repo_json(self, repo: Repo) -> dict[str, Any]:
        owner, name = repo.full_name.split("/", 1)
        return {
            "id": repo.id,
            "node_id": f"R_{repo.id}",
            "name": name,
            "full_name": repo.full_name,
            "owner": self._user(owner),
            "private": repo.private,
            "default_branch": repo.default_branch,
            "clone_url": repo.clone_url,
            "html_url": f"https://github.com/{repo.full_name}",
            "url": f"{self.base_url}/repos/{repo.full_name}",
            "ssh_url": f"git@github.com:{repo.full_name}.git",
            "fork": False,
            "archived": False,
            "disabled": False,
            "visibility": "private" if repo.private else "public",
        }

    def _issue_json(self, issue: Issue) -> dict[str, Any]:
        api = f"{self.base_url}/repos/{issue.repo}"
        kind = "pull" if issue.is_pull else "issues"
        data: dict[str, Any] = {
            "id": abs(hash((issue.repo, issue.number))) % 10**9,
            "node_id": f"I_{issue.number}",
            "number": issue.number,
            "title": issue.title,
            "body": issue.body or None,
            "user": self._user(issue.user),
            "labels": [self._label(issue.repo, n) for n in issue.labels],
            "state": issue.state,
            "locked": False,
            "assignee": None,
            "assignees": [],
            "milestone": {"title": issue.milestone, "number": 1, "state": "open"}
            if issue.milestone
            else None,
            "comments": len(self.comments_on(issue.repo, issue.number)),
            "created_at": issue.created_at,
            "updated_at": issue.created_at,
            "closed_at": None,
            "author_association": "NONE",
            "url": f"{api}/issues/{issue.number}",
            "repository_url": api,
            "html_url": f"https://github.com/{issue.repo}/{kind}/{issue.number}",
        }
        if issue.is_pull:
            pull = self.state.pulls[(issue.repo, issue.number)]
            data["pull_request"] = {
                "url": f"{api}/pulls/{issue.number}",
                "html_url": data["html_url"],
                "merged_at": "2024-01-01T00:00:00Z" if pull.merged else None,
            }
        return data

    def _pull_json(self, pull: Pull) -> dict[str, Any]:
        owner = pull.repo.split("/", 1)[0]
        repo_json = self._repo_json(self.state.repos[pull.repo])

        def side(ref: str) -> dict[str, Any]:
            return {
                "label": f"{owner}:{ref}",
                "ref": ref,
                "sha": pull.head_sha,
                "user": self._user(owner),
                "repo": repo_json,
            }

        return {
            "id": abs(hash(("pull", pull.repo, pull.number))) % 10**9,
            "node_id": f"PR_{pull.number}",
            "number": pull.number,
            "state": pull.state,
            "locked": False,
            "title": pull.title,
            "body": pull.body or None,
            "user": self._user(pull.user),
            "labels": [],
            "head": side(pull.head),
            "base": side(pull.base),
            "merged": pull.merged,
            "merged_at": "2024-01-01T00:00:00Z" if pull.merged else None,
            "draft": False,
            "created_at": pull.created_at,
            "updated_at": pull.created_at,
            "url": f"{self.base_url}/repos/{pull.repo}/pulls/{pull.number}",
            "html_url": f"https://github.com/{pull.repo}/pull/{pull.number}",
        }

    def _comment_json(self, c: IssueComment) -> dict[str, Any]:
        kind = "pull" if self.state.issues[(c.repo, c.number)].is_pull else "issues"
        return {
            "id": c.id,
            "node_id": f"IC_{c.id}",
            "body": c.body,
            "user": self._user(c.user),
            "created_at": c.created_at,
            "updated_at": c.updated_at,
            "author_association": "NONE",
            "url": f"{self.base_url}/repos/{c.repo}/issues/comments/{c.id}",
            "html_url": f"https://github.com/{c.repo}/{kind}/{c.number}#issuecomment-{c.id}",
            "issue_url": f"{self.base_url}/repos/{c.repo}/issues/{c.number}",
        }

    def _review_comment_json(self, c: ReviewComment) -> dict[str, Any]:
        data = {
            "id": c.id,
            "node_id": f"PRRC_{c.id}",
            "body": c.body,
            "user": self._user(c.user),
            "path": c.path,
            "line": c.line,
            "original_line": c.line,
            "side": "RIGHT",
            "commit_id": c.commit_id,
            "original_commit_id": c.commit_id,
            "diff_hunk": "@@ -1 +1 @@",
            "pull_request_review_id": c.id,
            "created_at": c.created_at,
            "updated_at": c.created_at,
            "url": f"{self.base_url}/repos/{c.repo}/pulls/comments/{c.id}",
            "html_url": f"https://github.com/{c.repo}/pull/{c.number}#discussion_r{c.id}",
            "pull_request_url": f"{self.base_url}/repos/{c.repo}/pulls/{c.number}",
            "author_association": "NONE",
        }
        if c.in_reply_to_id is not None:
            data["in_reply_to_id"] = c.in_reply_to_id
        return data

    def _reaction_json(self, r: Reaction) -> dict[str, Any]:
        return {
            "id": r.id,
            "node_id": f"REA_{r.id}",
            "user": self._user(r.user),
            "content": r.content,
            "created_at": r.created_at,
        }

    # -- handlers ---------------------------------------------------------------------------

    def _repo(self, call: Call) -> Repo | None:
        return self.state.repos.get(f"{call.params['owner']}/{call.params['repo']}")

    def _issue(self, call: Call) -> Issue | None:
        repo = self._repo(call)
        number = call.params.get("issue_number") or call.params.get("pull_number") or ""
        if repo is None or not number.isdigit():
            return None
        return self.state.issues.get((repo.full_name, int(number)))

    def _pull(self, call: Call) -> Pull | None:
        issue = self._issue(call)
        return self.state.pulls.get((issue.repo, issue.number)) if issue and issue.is_pull else None

    @staticmethod
    def _missing(call: Call, *fields: str) -> str | None:
        body = call.body if isinstance(call.body, dict) else {}
        for name in fields:
            if body.get(name) in (None, ""):
                return name
        return None

    def _register_routes(self) -> None:
        r = self.route
        not_found = lambda: self.error_response(404, "Not Found")  # noqa: E731

        @r("GET", "/repos/{owner}/{repo}", "get_repository")
        async def get_repository(call: Call) -> web.Response:
            repo = self._repo(call)
            return web.json_response(self._repo_json(repo)) if repo else not_found()

        @r("GET", "/repos/{owner}/{repo}/installation", "get_repo_installation")
        async def get_installation(call: Call) -> web.Response:
            repo = self._repo(call)
            if (
                repo is None
                or repo.installation_id is None
                or self.state.installations[repo.installation_id] != call.auth["app_id"]
            ):
                return not_found()
            return web.json_response(
                {
                    "id": repo.installation_id,
                    "app_id": int(call.auth["app_id"]),
                    "account": self._user(repo.full_name.split("/", 1)[0]),
                    "target_type": "User",
                    "access_tokens_url": (
                        f"{self.base_url}/app/installations/{repo.installation_id}/access_tokens"
                    ),
                    "repository_selection": "selected",
                    "permissions": dict(self.state.installation_permissions.get(
                        repo.installation_id, DEFAULT_INSTALLATION_PERMISSIONS)),
                }
            )

        @r(
            "POST",
            "/app/installations/{installation_id}/access_tokens",
            "create_installation_access_token",
        )
        async def create_token(call: Call) -> web.Response:
            installation_id = (
                int(call.params["installation_id"])
                if call.params["installation_id"].isdigit()
                else -1
            )
            if self.state.installations.get(installation_id) != call.auth["app_id"]:
                return not_found()
            body = call.body if isinstance(call.body, dict) else {}
            covered = {
                name: repo for name, repo in self.state.repos.items()
                if repo.installation_id == installation_id
            }
            names: set[str] | None = None
            if body.get("repositories") is not None or body.get("repository_ids") is not None:
                by_name = {name.split("/", 1)[1]: repo for name, repo in covered.items()}
                by_id = {repo.id: repo for repo in covered.values()}
                wanted_names = body.get("repositories") or []
                wanted_ids = body.get("repository_ids") or []
                if not isinstance(wanted_names, list) or not isinstance(wanted_ids, list) or (
                    any(n not in by_name for n in wanted_names)
                    or any(i not in by_id for i in wanted_ids)
                ):
                    return self.error_response(
                        422, "There is at least one repository that does not exist or is not "
                        "accessible to the parent installation.")
                names = set(wanted_names) | {
                    by_id[i].full_name.split("/", 1)[1] for i in wanted_ids}
            granted = self.state.installation_permissions.get(
                installation_id, DEFAULT_INSTALLATION_PERMISSIONS)
            asked = body.get("permissions")
            if asked is not None:
                if not isinstance(asked, dict) or any(
                    LEVELS.get(str(level), 99) > LEVELS.get(granted.get(name, ""), 0)
                    for name, level in asked.items()
                ):
                    return self.error_response(
                        422, "The permissions requested are not granted to this installation.")
                permissions = {str(k): str(v) for k, v in asked.items()}
            else:
                permissions = dict(granted)
            token = f"ghs_fake{next(self._ids)}"
            expires = time.time() + self.installation_token_lifetime
            self.state.installation_tokens[token] = (installation_id, expires)
            self.state.token_grants[token] = TokenGrant(
                installation_id, expires, frozenset(names) if names is not None else None,
                permissions)
            self.state.issued_tokens.append(token)
            expires_at = datetime.fromtimestamp(expires, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            answer: dict[str, Any] = {
                "token": token,
                "expires_at": expires_at,
                "permissions": permissions,
                "repository_selection": "selected" if names is not None else "all",
            }
            if names is not None:
                answer["repositories"] = [
                    self._repo_json(repo) for repo in covered.values()
                    if repo.full_name.split("/", 1)[1] in names
                ]
            return web.json_response(answer, status=201)

        @r(
            "GET",
            "/repos/{owner}/{repo}/collaborators/{username}/permission",
            "get_collaborator_permission",
        )
        async def get_permission(call: Call) -> web.Response:
            repo = self._repo(call)
            login = call.params["username"]
            if repo is None or login not in self.state.users:
                return not_found()
            role = repo.collaborators.get(login, "none")
            return web.json_response(
                {
                    "permission": LEGACY_PERMISSION.get(role, role),
                    "role_name": role,
                    "user": self._user(login),
                }
            )

        @r("GET", "/repos/{owner}/{repo}/issues/{issue_number}", "get_issue")
        async def get_issue(call: Call) -> web.Response:
            issue = self._issue(call)
            return web.json_response(self._issue_json(issue)) if issue else not_found()

        @r("GET", "/repos/{owner}/{repo}/issues/{issue_number}/comments", "list_issue_comments")
        async def list_comments(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return not_found()
            items = [self._comment_json(c) for c in self.comments_on(issue.repo, issue.number)]
            return paginate(call.request, items, self.base_url)

        @r("POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments", "create_issue_comment")
        async def create_comment(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return not_found()
            if (missing := self._missing(call, "body")) is not None:
                return self._validation_failed("IssueComment", missing)
            comment_id = self.add_comment(
                issue.repo, issue.number, str(call.body["body"]), call.user or ""
            )
            return web.json_response(
                self._comment_json(self.state.comments[comment_id]), status=201
            )

        @r("GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "get_issue_comment")
        async def get_comment(call: Call) -> web.Response:
            comment = (
                self.state.comments.get(int(call.params["comment_id"]))
                if call.params["comment_id"].isdigit()
                else None
            )
            repo = self._repo(call)
            if comment is None or repo is None or comment.repo != repo.full_name:
                return not_found()
            return web.json_response(self._comment_json(comment))

        @r("PATCH", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "update_issue_comment")
        async def update_comment(call: Call) -> web.Response:
            comment = (
                self.state.comments.get(int(call.params["comment_id"]))
                if call.params["comment_id"].isdigit()
                else None
            )
            if comment is None:
                return not_found()
            if (missing := self._missing(call, "body")) is not None:
                return self._validation_failed("IssueComment", missing)
            comment.body, comment.updated_at = str(call.body["body"]), _now()
            return web.json_response(self._comment_json(comment))

        async def list_reactions(call: Call, kind: str) -> web.Response:
            comment_id = (
                int(call.params["comment_id"]) if call.params["comment_id"].isdigit() else -1
            )
            store = self.state.comments if kind == "issue_comment" else self.state.review_comments
            if comment_id not in store:
                return not_found()
            items = [
                self._reaction_json(x) for x in self.state.reactions.get((kind, comment_id), [])
            ]
            return paginate(call.request, items, self.base_url)

        async def create_reaction(call: Call, kind: str) -> web.Response:
            comment_id = (
                int(call.params["comment_id"]) if call.params["comment_id"].isdigit() else -1
            )
            store = self.state.comments if kind == "issue_comment" else self.state.review_comments
            if comment_id not in store:
                return not_found()
            if (missing := self._missing(call, "content")) is not None:
                return self._validation_failed("Reaction", missing)
            content = call.body["content"]
            if content not in REACTIONS:
                return self._validation_failed("Reaction", "content", "invalid")
            reactions = self.state.reactions.setdefault((kind, comment_id), [])
            for existing in reactions:
                if existing.user == call.user and existing.content == content:
                    return web.json_response(self._reaction_json(existing), status=200)
            self.add_reaction(comment_id, content, call.user or "", review=kind == "review_comment")
            return web.json_response(self._reaction_json(reactions[-1]), status=201)

        for kind, path in (("issue_comment", "issues"), ("review_comment", "pulls")):
            base = f"/repos/{{owner}}/{{repo}}/{path}/comments/{{comment_id}}/reactions"
            suffix = "issue_comment" if kind == "issue_comment" else "pull_request_review_comment"
            self.add_route(
                "GET",
                base,
                functools.partial(list_reactions, kind=kind),
                f"list_reactions_for_{suffix}",
            )
            self.add_route(
                "POST",
                base,
                functools.partial(create_reaction, kind=kind),
                f"create_reaction_for_{suffix}",
            )

        @r("POST", "/repos/{owner}/{repo}/issues/{issue_number}/labels", "add_labels_to_issue")
        async def add_labels(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return not_found()
            body = call.body
            labels = body.get("labels") if isinstance(body, dict) else body
            if labels is None:
                labels = []
            if not isinstance(labels, list) or (
                isinstance(body, dict) and "labels" in body and not labels
            ):
                return self._validation_failed("Label", "labels", "invalid")
            for label in labels:
                name = label["name"] if isinstance(label, dict) else str(label)
                if name not in issue.labels:
                    issue.labels.append(name)
            return web.json_response([self._label(issue.repo, n) for n in issue.labels])

        @r(
            "DELETE",
            "/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}",
            "remove_label_from_issue",
        )
        async def remove_label(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None or call.params["name"] not in issue.labels:
                return self.error_response(404, "Label does not exist")
            issue.labels.remove(call.params["name"])
            return web.json_response([self._label(issue.repo, n) for n in issue.labels])

        @r("GET", "/repos/{owner}/{repo}/pulls", "list_pull_requests")
        async def list_pulls(call: Call) -> web.Response:
            repo = self._repo(call)
            if repo is None:
                return not_found()
            state = call.query.get("state", "open")
            if state not in ("open", "closed", "all"):
                return self._validation_failed("PullRequest", "state", "invalid")
            owner = repo.full_name.split("/", 1)[0]
            pulls = [
                p
                for p in self.state.pulls.values()
                if p.repo == repo.full_name
                and state in ("all", p.state)
                and ("head" not in call.query or call.query["head"] == f"{owner}:{p.head}")
                and ("base" not in call.query or call.query["base"] == p.base)
            ]
            return paginate(call.request, [self._pull_json(p) for p in pulls], self.base_url)

        @r("POST", "/repos/{owner}/{repo}/pulls", "create_pull_request")
        async def create_pull(call: Call) -> web.Response:
            repo = self._repo(call)
            if repo is None:
                return not_found()
            if (missing := self._missing(call, "head", "base")) is not None:
                return self._validation_failed("PullRequest", missing)
            if not call.body.get("title") and not call.body.get("issue"):
                return self._validation_failed("PullRequest", "title")
            head = str(call.body["head"]).split(":")[-1]
            for pull in self.state.pulls.values():
                if pull.repo == repo.full_name and pull.head == head and pull.state == "open":
                    owner = repo.full_name.split("/", 1)[0]
                    return web.json_response(
                        {
                            "message": "Validation Failed",
                            "documentation_url": DOCS,
                            "errors": [
                                {
                                    "resource": "PullRequest",
                                    "code": "custom",
                                    "message": f"A pull request already exists for {owner}:{head}.",
                                }
                            ],
                        },
                        status=422,
                    )
            number = self.add_pull(
                repo.full_name,
                head=head,
                base=str(call.body["base"]),
                title=str(call.body.get("title") or ""),
                body=str(call.body.get("body") or ""),
                author=call.user or "",
            )
            return web.json_response(
                self._pull_json(self.state.pulls[(repo.full_name, number)]), status=201
            )

        @r("GET", "/repos/{owner}/{repo}/pulls/{pull_number}", "get_pull_request")
        async def get_pull(call: Call) -> web.Response:
            pull = self._pull(call)
            return web.json_response(self._pull_json(pull)) if pull else not_found()

        @r("PATCH", "/repos/{owner}/{repo}/pulls/{pull_number}", "update_pull_request")
        async def update_pull(call: Call) -> web.Response:
            pull = self._pull(call)
            if pull is None:
                return not_found()
            body = call.body if isinstance(call.body, dict) else {}
            if "state" in body and body["state"] not in ("open", "closed"):
                return self._validation_failed("PullRequest", "state", "invalid")
            pull.title = str(body.get("title", pull.title))
            pull.body = str(body.get("body", pull.body) or "")
            pull.state = str(body.get("state", pull.state))
            issue = self.state.issues[(pull.repo, pull.number)]
            issue.title, issue.body, issue.state = pull.title, pull.body, pull.state
            return web.json_response(self._pull_json(pull))

        @r(
            "GET",
            "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
            "list_review_comments_on_pull_request",
        )
        async def list_review_comments(call: Call) -> web.Response:
            pull = self._pull(call)
            if pull is None:
                return not_found()
            items = [
                self._review_comment_json(c)
                for c in self.state.review_comments.values()
                if c.repo == pull.repo and c.number == pull.number
            ]
            return paginate(call.request, items, self.base_url)

        @r(
            "POST",
            "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
            "create_review_comment_for_pull_request",
        )
        async def create_review_comment(call: Call) -> web.Response:
            pull = self._pull(call)
            if pull is None:
                return not_found()
            body = call.body if isinstance(call.body, dict) else {}
            if body.get("in_reply_to"):
                return await self._reply(pull, int(body["in_reply_to"]), call)
            if (missing := self._missing(call, "body", "commit_id", "path")) is not None:
                return self._validation_failed("PullRequestReviewComment", missing)
            comment_id = self.add_review_comment(
                pull.repo,
                pull.number,
                str(body["body"]),
                call.user or "",
                path=str(body["path"]),
                line=body.get("line"),
            )
            return web.json_response(
                self._review_comment_json(self.state.review_comments[comment_id]), status=201
            )

        @r("GET", "/repos/{owner}/{repo}/pulls/comments/{comment_id}", "get_review_comment")
        async def get_review_comment(call: Call) -> web.Response:
            comment = (
                self.state.review_comments.get(int(call.params["comment_id"]))
                if call.params["comment_id"].isdigit()
                else None
            )
            repo = self._repo(call)
            if comment is None or repo is None or comment.repo != repo.full_name:
                return not_found()
            return web.json_response(self._review_comment_json(comment))

        @r(
            "POST",
            "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
            "create_reply_for_review_comment",
        )
        async def reply(call: Call) -> web.Response:
            pull = self._pull(call)
            if pull is None or not call.params["comment_id"].isdigit():
                return not_found()
            return await self._reply(pull, int(call.params["comment_id"]), call)

    async def _reply(self, pull: Pull, comment_id: int, call: Call) -> web.Response:
        parent = self.state.review_comments.get(comment_id)
        if parent is None or parent.repo != pull.repo or parent.number != pull.number:
            return self.error_response(404, "Not Found")
        if (missing := self._missing(call, "body")) is not None:
            return self._validation_failed("PullRequestReviewComment", missing)
        root = parent.in_reply_to_id or parent.id
        new_id = self.add_review_comment(
            pull.repo,
            pull.number,
            str(call.body["body"]),
            call.user or "",
            path=parent.path,
            line=parent.line,
            in_reply_to=root,
        )
        return web.json_response(
            self._review_comment_json(self.state.review_comments[new_id]), status=201
        )


    # -- webhook deliveries -----------------------------------------------------------------

    def _delivery_json(self, d: SentDelivery) -> dict[str, Any]:
        if 200 <= d.status_code < 300:
            status = "OK"
        elif d.status_code == 0:
            status = "timed out"
        else:
            status = f"Invalid HTTP Response: {d.status_code}"
        return {
            "id": d.id,
            "guid": d.guid,
            "delivered_at": d.delivered_at,
            "redelivery": d.redelivery,
            "duration": 0.05,
            "status": status,
            "status_code": d.status_code,
            "event": d.event,
            "action": d.action,
            "installation_id": d.installation_id,
            "repository_id": d.repository_id,
            "throttled_at": None,
        }

    def _cursor_page(self, call: Call, items: list[SentDelivery]) -> web.Response:
        """Newest first, `per_page` at a time, the next page named by an opaque `cursor`."""
        items = sorted(items, key=lambda d: d.id, reverse=True)
        per_page = max(1, min(100, int(call.query.get("per_page", "30"))))
        start = 0
        cursor = call.query.get("cursor")
        if cursor:
            ids = [d.id for d in items]
            wanted = cursor.removeprefix("v1_")
            if not wanted.isdigit() or int(wanted) not in ids:
                return self.error_response(400, "Bad Request")
            start = ids.index(int(wanted))
        chunk = items[start : start + per_page]
        headers = {}
        if start + per_page < len(items):
            query = {"per_page": str(per_page), "cursor": f"v1_{items[start + per_page].id}"}
            next_url = (f"{self.base_url}{call.request.rel_url.path}?"
                        + "&".join(f"{k}={v}" for k, v in query.items()))
            headers["Link"] = f'<{next_url}>; rel="next"'
        return web.json_response([self._delivery_json(d) for d in chunk], headers=headers)

    def _is_repo_admin(self, call: Call, repo: Repo) -> bool:
        if call.auth.get("installation_id") is not None:
            return True  # the token's permissions were checked in `authenticate`
        user = call.user or ""
        return user == repo.full_name.split("/", 1)[0] or repo.collaborators.get(user) == "admin"

    async def _redeliver(self, delivery: SentDelivery) -> web.Response:
        await self._deliver(delivery.headers, delivery.body, delivery.repo, redelivery=True,
                            app_id=delivery.app_id, hook_id=delivery.hook_id)
        return web.json_response({}, status=202)

    def _register_delivery_routes(self) -> None:
        r = self.route
        not_found = lambda: self.error_response(404, "Not Found")

        def app_delivery(call: Call) -> SentDelivery | None:
            wanted = call.params["delivery_id"]
            return next((d for d in self.deliveries if str(d.id) == wanted
                         and d.app_id == call.auth["app_id"]), None)

        @r("GET", "/app/hook/deliveries", "list_app_hook_deliveries")
        async def list_app_deliveries(call: Call) -> web.Response:
            mine = [d for d in self.deliveries if d.app_id == call.auth["app_id"]]
            return self._cursor_page(call, mine)

        @r("GET", "/app/hook/deliveries/{delivery_id}", "get_app_hook_delivery")
        async def get_app_delivery(call: Call) -> web.Response:
            delivery = app_delivery(call)
            return web.json_response(self._delivery_json(delivery)) if delivery else not_found()

        @r("POST", "/app/hook/deliveries/{delivery_id}/attempts", "redeliver_app_hook_delivery")
        async def redeliver_app(call: Call) -> web.Response:
            delivery = app_delivery(call)
            return await self._redeliver(delivery) if delivery else not_found()

        def repo_hook(call: Call) -> RepoHook | None:
            repo = self._repo(call)
            wanted = call.params["hook_id"]
            hook = self.hooks.get(int(wanted)) if wanted.isdigit() else None
            if repo is None or hook is None or hook.repo != repo.full_name:
                return None
            return hook if self._is_repo_admin(call, repo) else None

        @r("GET", "/repos/{owner}/{repo}/hooks", "list_repo_webhooks")
        async def list_hooks(call: Call) -> web.Response:
            repo = self._repo(call)
            if repo is None or not self._is_repo_admin(call, repo):
                return not_found()
            items = [
                {
                    "type": "Repository",
                    "id": h.id,
                    "name": "web",
                    "active": h.active,
                    "events": ["issues", "issue_comment", "pull_request"],
                    "config": {"url": h.url, "content_type": "json", "insecure_ssl": "0"},
                    "url": f"{self.base_url}/repos/{repo.full_name}/hooks/{h.id}",
                    "deliveries_url": (
                        f"{self.base_url}/repos/{repo.full_name}/hooks/{h.id}/deliveries"),
                }
                for h in self.hooks.values() if h.repo == repo.full_name
            ]
            return paginate(call.request, items, self.base_url)

        @r("GET", "/repos/{owner}/{repo}/hooks/{hook_id}/deliveries", "list_webhook_deliveries")
        async def list_hook_deliveries(call: Call) -> web.Response:
            hook = repo_hook(call)
            if hook is None:
                return not_found()
            return self._cursor_page(call, [d for d in self.deliveries if d.hook_id == hook.id])

        @r(
            "POST",
            "/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts",
            "redeliver_webhook_delivery",
        )
        async def redeliver_hook(call: Call) -> web.Response:
            hook = repo_hook(call)
            wanted = call.params["delivery_id"]
            delivery = next((d for d in self.deliveries
                             if hook is not None and d.hook_id == hook.id
                             and str(d.id) == wanted), None)
            return await self._redeliver(delivery) if delivery else not_found()


@pytest_asyncio.fixture
async def fake_github() -> AsyncIterator[FakeGitHub]:
    """A running FakeGitHub (import this fixture into a conftest to use it)."""
    async with FakeGitHub() as fake:
        yield fake
