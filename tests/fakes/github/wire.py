"""The fake GitHub's wire: error answers, rate limits, authentication, JSON shapes."""

from __future__ import annotations

import math
import time
from typing import Any

import jwt
from aiohttp import web

from tests.fakes import Call, Fault, Route
from tests.fakes.github.manifests import ANONYMOUS_OPERATIONS
from tests.fakes.github.state import (
    DOCS,
    JWT_OPERATIONS,
    LEVELS,
    Issue,
    IssueComment,
    Pull,
    Reaction,
    Repo,
    ReviewComment,
)


class Wire:
    """Part of `FakeGitHub` (tests.fakes.github); state and helpers live on the fake."""

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
        if route.operation in ANONYMOUS_OPERATIONS:  # the manifest flow: the code is the key
            return None
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

    def _milestone_json(self, repo: str, title: str) -> dict[str, Any]:
        """The milestone an issue names by title (a seeded one, or number 1 as before)."""
        known = next((m for (r, _), m in self.state.milestones.items()
                      if r == repo and m.title == title), None)
        number = known.number if known else 1
        issues = [i for i in self.state.issues.values()
                  if i.repo == repo and i.milestone == title and not i.is_pull]
        return {"url": f"{self.base_url}/repos/{repo}/milestones/{number}",
                "html_url": f"https://github.com/{repo}/milestone/{number}",
                "id": 5000 + number, "node_id": f"MI_{number}", "number": number,
                "state": known.state if known else "open", "title": title,
                "description": None, "creator": None,
                "open_issues": sum(i.state == "open" for i in issues),
                "closed_issues": sum(i.state == "closed" for i in issues),
                "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
                "closed_at": None, "due_on": None}

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
            "milestone": self._milestone_json(issue.repo, issue.milestone)
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
