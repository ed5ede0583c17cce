"""The REST operations Smith uses, as routes of the fake GitHub."""

from __future__ import annotations

import functools
import time
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.fakes import Call, paginate
from tests.fakes.github.state import (
    DEFAULT_INSTALLATION_PERMISSIONS,
    DOCS,
    LEGACY_PERMISSION,
    LEVELS,
    REACTIONS,
    Issue,
    Pull,
    Repo,
    TokenGrant,
    _now,
)


class Routes:
    """Part of `FakeGitHub` (tests.fakes.github); state and helpers live on the fake."""

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

        @r("GET", "/repos/{owner}/{repo}/issues/{issue_number}/labels", "list_labels_for_issue")
        async def list_labels(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return not_found()
            labels = [self._label(issue.repo, n) for n in issue.labels]
            return paginate(call.request, labels, self.base_url)

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
                    issue.label_events.append((name, call.user or ""))
            return web.json_response([self._label(issue.repo, n) for n in issue.labels])

        @r("GET", "/repos/{owner}/{repo}/issues/{issue_number}/events", "list_issue_events")
        async def list_events(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return not_found()
            events = [{"id": index + 1, "event": "labeled", "actor": {"login": actor},
                       "label": {"name": name}, "commit_id": None}
                      for index, (name, actor) in enumerate(issue.label_events)]
            events += [{"id": len(events) + index + 1, "event": "closed",
                        "actor": {"login": issue.user}, "commit_id": sha or None}
                       for index, sha in enumerate(issue.closed_by)]
            return paginate(call.request, events, self.base_url)

        @r("GET", "/repos/{owner}/{repo}/milestones", "list_milestones")
        async def list_milestones(call: Call) -> web.Response:
            repo = self._repo(call)
            if repo is None:
                return not_found()
            state = call.query.get("state", "open")
            if state not in ("open", "closed", "all"):
                return self._validation_failed("Milestone", "state", "invalid")
            found = [self._milestone_json(repo.full_name, m.title)
                     for (r, _), m in sorted(self.state.milestones.items())
                     if r == repo.full_name and state in ("all", m.state)]
            return paginate(call.request, found, self.base_url)

        @r("GET", "/repos/{owner}/{repo}/issues", "list_repository_issues")
        async def list_issues(call: Call) -> web.Response:
            repo = self._repo(call)
            if repo is None:
                return not_found()
            state, milestone = call.query.get("state", "open"), call.query.get("milestone")
            if state not in ("open", "closed", "all"):
                return self._validation_failed("Issue", "state", "invalid")
            if milestone is not None and milestone not in ("*", "none") \
                    and not milestone.isdigit():
                return self._validation_failed("Issue", "milestone", "invalid")
            titles = {m.title: str(n) for (r, n), m in self.state.milestones.items()
                      if r == repo.full_name}
            found = [self._issue_json(i) for (r, _), i in sorted(self.state.issues.items())
                     if r == repo.full_name and state in ("all", i.state)
                     and (milestone is None or milestone == "*" and i.milestone
                          or milestone == "none" and not i.milestone
                          or titles.get(i.milestone or "", "1" if i.milestone else "")
                          == milestone)]
            if call.query.get("direction", "desc") == "desc":
                found.reverse()  # the API's default order is newest first
            return paginate(call.request, found, self.base_url)

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
