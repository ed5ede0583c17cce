"""A fake GitLab REST v4 API (the operations Smith uses), in memory, over real HTTP.

Speaks the paths and shapes of `/api/v4` (see shared/fixtures/gitlab/api-subset.json): projects
by id or URL-encoded path, issue and merge request iids, notes, discussions, award emoji,
members with access levels. Refuses like GitLab: 401 `{"message": "401 Unauthorized"}` without a
valid `PRIVATE-TOKEN` / `Authorization: Bearer`, 400 `{"error": "body is missing"}` when a
required attribute is missing, 404 `{"message": "404 ... Not Found"}`.

    async with FakeGitLab() as fake:
        token = fake.add_token("smith-bot")
        fake.add_project("group/app", clone_path=bare_repo)
        iid = fake.add_issue("group/app", title="Crash")
        forge = GitLabForge(url=fake.instance_url, token=token)

Or as a pytest fixture: `from tests.fakes.gitlab import fake_gitlab` in a conftest.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiohttp import web

from tests.fakes import Call, FakeServer, Fault, Route, paginate, webhooks

EDIT_ISSUE_ATTRIBUTES = (
    "assignee_id",
    "assignee_ids",
    "confidential",
    "created_at",
    "description",
    "discussion_locked",
    "due_date",
    "issue_type",
    "labels",
    "milestone_id",
    "state_event",
    "title",
)
LABEL_EDITS = ("add_labels", "remove_labels")


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


@dataclass
class Project:
    path: str
    id: int
    default_branch: str = "main"
    http_url_to_repo: str = ""
    members: dict[int, int] = field(default_factory=dict)


@dataclass
class Issue:
    project: str
    iid: int
    id: int
    title: str
    description: str
    author: str
    labels: list[str] = field(default_factory=list)
    state: str = "opened"
    milestone: str | None = None
    created_at: str = field(default_factory=_now)


@dataclass
class MergeRequest:
    project: str
    iid: int
    id: int
    source_branch: str
    target_branch: str
    title: str
    description: str
    author: str
    labels: list[str] = field(default_factory=list)
    state: str = "opened"
    created_at: str = field(default_factory=_now)


@dataclass
class Note:
    id: int
    project: str
    noteable_type: str  # "Issue" | "MergeRequest"
    iid: int
    author: str
    body: str
    discussion_id: str
    system: bool = False
    position: dict[str, Any] | None = None
    type: str | None = None
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)


@dataclass
class Discussion:
    id: str
    project: str
    noteable_type: str
    iid: int
    individual_note: bool
    note_ids: list[int] = field(default_factory=list)


@dataclass
class Award:
    id: int
    name: str
    user: str
    created_at: str = field(default_factory=_now)


@dataclass
class GitLabState:
    """Everything the fake knows; tests read and seed it directly."""

    users: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    projects: dict[str, Project] = field(default_factory=dict)
    issues: dict[tuple[str, int], Issue] = field(default_factory=dict)
    merge_requests: dict[tuple[str, int], MergeRequest] = field(default_factory=dict)
    notes: dict[int, Note] = field(default_factory=dict)
    discussions: dict[str, Discussion] = field(default_factory=dict)
    awards: dict[tuple[str, int], list[Award]] = field(default_factory=dict)


class FakeGitLab(FakeServer):
    """In-memory GitLab; give the adapter `url=fake.instance_url` (no /api/v4).

    `relative_root` serves the API under a path, like a self-hosted GitLab at
    https://host/gitlab (the instance URL is then `http://127.0.0.1:PORT/gitlab`).
    """

    def __init__(
        self,
        *,
        webhook_url: str | None = None,
        webhook_token: str = "webhook-secret",
        relative_root: str = "",
    ) -> None:
        self.relative_root = relative_root.rstrip("/")
        self.prefix = f"{self.relative_root}/api/v4"
        super().__init__()
        self.state = GitLabState()
        self.webhook_url = webhook_url
        self.webhook_token = webhook_token
        self.deliveries: list[tuple[dict[str, str], bytes, int]] = []
        self._ids = itertools.count(100)
        self._register_routes()

    @property
    def instance_url(self) -> str:
        return self.base_url + self.relative_root

    # -- seeding ----------------------------------------------------------------------------

    def add_user(self, username: str) -> int:
        return self.state.users.setdefault(username, next(self._ids))

    def add_token(self, username: str = "smith-bot", token: str | None = None) -> str:
        self.add_user(username)
        token = token or f"glpat-fake{next(self._ids)}"
        self.state.tokens[token] = username
        return token

    def add_project(
        self, path: str, *, default_branch: str = "main", clone_path: str | Path | None = None
    ) -> Project:
        """A project; `clone_path` (a local bare repo) becomes its `file://` clone URL."""
        url = (
            Path(clone_path).resolve().as_uri()
            if clone_path
            else f"https://gitlab.example.com/{path}.git"
        )
        project = Project(path, next(self._ids), default_branch, url)
        self.state.projects[path] = project
        return project

    def set_access_level(self, project: str, username: str, level: int) -> None:
        """Make `username` a member with `level` (10 guest … 40 maintainer, 50 owner)."""
        self.state.projects[project].members[self.add_user(username)] = level

    def _next_iid(self, project: str, kind: str) -> int:
        store = self.state.issues if kind == "Issue" else self.state.merge_requests
        return 1 + max((iid for (p, iid) in store if p == project), default=0)

    def add_issue(
        self,
        project: str,
        *,
        title: str = "Something is broken",
        description: str = "",
        author: str = "alice",
        labels: list[str] | tuple[str, ...] = (),
        milestone: str | None = None,
    ) -> int:
        self.add_user(author)
        iid = self._next_iid(project, "Issue")
        self.state.issues[(project, iid)] = Issue(
            project,
            iid,
            next(self._ids),
            title,
            description,
            author,
            list(labels),
            milestone=milestone,
        )
        return iid

    def add_merge_request(
        self,
        project: str,
        *,
        source_branch: str,
        target_branch: str | None = None,
        title: str = "A change",
        description: str = "",
        author: str = "alice",
    ) -> int:
        self.add_user(author)
        iid = self._next_iid(project, "MergeRequest")
        target = target_branch or self.state.projects[project].default_branch
        self.state.merge_requests[(project, iid)] = MergeRequest(
            project, iid, next(self._ids), source_branch, target, title, description, author
        )
        return iid

    def add_note(
        self,
        project: str,
        noteable_type: str,
        iid: int,
        body: str,
        author: str = "alice",
        *,
        discussion_id: str | None = None,
        position: dict[str, Any] | None = None,
        system: bool = False,
        start_thread: bool = False,
    ) -> Note:
        """A note on an issue ("Issue") or MR ("MergeRequest"); in `discussion_id` when given,
        else a new discussion (an individual note unless `start_thread` or `position`)."""
        self.add_user(author)
        note_id = next(self._ids)
        if discussion_id is None:
            discussion_id = hashlib.sha1(f"{project}:{note_id}".encode()).hexdigest()
            individual = not (start_thread or position)
            self.state.discussions[discussion_id] = Discussion(
                discussion_id, project, noteable_type, iid, individual
            )
        discussion = self.state.discussions[discussion_id]
        note_type = (
            "DiffNote" if position else (None if discussion.individual_note else "DiscussionNote")
        )
        note = Note(
            note_id,
            project,
            noteable_type,
            iid,
            author,
            body,
            discussion_id,
            system,
            position,
            note_type,
        )
        self.state.notes[note_id] = note
        discussion.note_ids.append(note_id)
        return note

    def add_award(self, key: tuple[str, int], name: str, user: str) -> Award:
        """Award emoji `name` on ("note", note_id), ("Issue", issue id) or ("MergeRequest", id)."""
        self.add_user(user)
        award = Award(next(self._ids), name, user)
        self.state.awards.setdefault(key, []).append(award)
        return award

    def labels_of(self, project: str, iid: int) -> list[str]:
        return list(self.state.issues[(project, iid)].labels)

    def notes_on(self, project: str, noteable_type: str, iid: int) -> list[Note]:
        return [
            n
            for n in self.state.notes.values()
            if (n.project, n.noteable_type, n.iid) == (project, noteable_type, iid)
        ]

    # -- human actions (optionally firing webhooks) -----------------------------------------

    async def _notify(self, delivery: webhooks.Delivery, notify: bool) -> None:
        if notify and self.webhook_url:
            headers, body = delivery
            status, _ = await webhooks.send_webhook(self.webhook_url, headers, body)
            self.deliveries.append((headers, body, status))

    async def label_issue(
        self, project: str, iid: int, label: str, actor: str, *, notify: bool = True
    ) -> None:
        issue = self.state.issues[(project, iid)]
        previous = list(issue.labels)
        if label not in issue.labels:
            issue.labels.append(label)
        await self._notify(
            webhooks.gitlab_issue_labels_changed(
                token=self.webhook_token,
                project=project,
                project_id=self.state.projects[project].id,
                iid=iid,
                previous_labels=previous,
                current_labels=issue.labels,
                actor=actor,
                title=issue.title,
                description=issue.description,
            ),
            notify,
        )

    async def comment(
        self,
        project: str,
        noteable_type: str,
        iid: int,
        body: str,
        actor: str,
        *,
        discussion_id: str | None = None,
        position: dict[str, Any] | None = None,
        notify: bool = True,
    ) -> Note:
        """A human note on an issue or MR, or a reply in `discussion_id` (Note Hook)."""
        note = self.add_note(
            project, noteable_type, iid, body, actor, discussion_id=discussion_id, position=position
        )
        project_id = self.state.projects[project].id
        if noteable_type == "Issue":
            issue = self.state.issues[(project, iid)]
            delivery = webhooks.gitlab_note_on_issue(
                token=self.webhook_token,
                project=project,
                project_id=project_id,
                iid=iid,
                note=body,
                actor=actor,
                note_id=note.id,
                discussion_id=note.discussion_id,
                issue_title=issue.title,
                labels=issue.labels,
            )
        else:
            mr = self.state.merge_requests[(project, iid)]
            delivery = webhooks.gitlab_note_on_merge_request(
                token=self.webhook_token,
                project=project,
                project_id=project_id,
                iid=iid,
                note=body,
                actor=actor,
                note_id=note.id,
                discussion_id=note.discussion_id,
                note_type=note.type,
                position=position,
                source_branch=mr.source_branch,
                target_branch=mr.target_branch,
                title=mr.title,
            )
        await self._notify(delivery, notify)
        return note

    async def award_emoji(
        self, project: str, note_id: int, name: str, actor: str, *, notify: bool = True
    ) -> None:
        """A human reacts to a note (Emoji Hook)."""
        note = self.state.notes[note_id]
        award = self.add_award(("note", note_id), name, actor)
        await self._notify(
            webhooks.gitlab_emoji_award(
                token=self.webhook_token,
                project=project,
                project_id=self.state.projects[project].id,
                name=name,
                actor=actor,
                note_id=note_id,
                iid=note.iid,
                noteable_type=note.noteable_type,
                award_id=award.id,
                discussion_id=note.discussion_id,
            ),
            notify,
        )

    async def close_merge_request(
        self, project: str, iid: int, actor: str, *, merged: bool, notify: bool = True,
        head_sha: str | None = None,
    ) -> None:
        """Merge (or just close) an MR (Merge Request Hook, action merge/close)."""
        mr = self.state.merge_requests[(project, iid)]
        mr.state = "merged" if merged else "closed"
        await self._notify(
            webhooks.gitlab_merge_request_event(
                token=self.webhook_token,
                project=project,
                project_id=self.state.projects[project].id,
                iid=iid,
                action="merge" if merged else "close",
                actor=actor,
                source_branch=mr.source_branch,
                target_branch=mr.target_branch,
                title=mr.title,
                description=mr.description,
                head_sha=head_sha,
            ),
            notify,
        )

    # -- wire answers -----------------------------------------------------------------------

    def error_response(self, status: int, message: str) -> web.Response:
        return web.json_response(
            {"message": message if message.startswith(str(status)) else f"{status} {message}"},
            status=status,
        )

    @staticmethod
    def _bad_request(*missing: str) -> web.Response:
        return web.json_response({"error": ", ".join(missing) + " is missing"}, status=400)

    def rate_limit_response(self, fault: Fault) -> web.Response:
        headers = {
            "Retry-After": f"{fault.retry_after:g}",
            "RateLimit-Limit": "600",
            "RateLimit-Remaining": "0",
        }
        return web.Response(
            text="Retry later\n", status=429, headers=headers, content_type="text/plain"
        )

    def authenticate(self, call: Call, route: Route) -> web.Response | None:
        headers = call.request.headers
        token = headers.get("PRIVATE-TOKEN")
        if token is None and headers.get("Authorization", "").lower().startswith("bearer "):
            token = headers["Authorization"][7:]
        if token is None or token not in self.state.tokens:
            return web.json_response({"message": "401 Unauthorized"}, status=401)
        call.user = self.state.tokens[token]
        return None

    # -- JSON shapes ------------------------------------------------------------------------

    def _user(self, username: str) -> dict[str, Any]:
        return {
            "id": self.add_user(username),
            "username": username,
            "name": username,
            "state": "active",
            "avatar_url": None,
            "web_url": f"https://gitlab.example.com/{username}",
        }

    def _project_json(self, p: Project, caller: str | None) -> dict[str, Any]:
        namespace = p.path.rsplit("/", 1)[0] if "/" in p.path else p.path
        level = p.members.get(self.state.users.get(caller or "", -1))
        return {
            "id": p.id,
            "name": p.path.rsplit("/", 1)[-1],
            "path": p.path.rsplit("/", 1)[-1],
            "path_with_namespace": p.path,
            "name_with_namespace": p.path.replace("/", " / "),
            "default_branch": p.default_branch,
            "http_url_to_repo": p.http_url_to_repo,
            "ssh_url_to_repo": f"git@gitlab.example.com:{p.path}.git",
            "web_url": f"https://gitlab.example.com/{p.path}",
            "visibility": "private",
            "namespace": {
                "full_path": namespace,
                "path": namespace.rsplit("/", 1)[-1],
                "kind": "group",
            },
            "permissions": {
                "project_access": {"access_level": level, "notification_level": 3}
                if level
                else None,
                "group_access": None,
            },
        }

    def _issue_json(self, i: Issue) -> dict[str, Any]:
        project = self.state.projects[i.project]
        return {
            "id": i.id,
            "iid": i.iid,
            "project_id": project.id,
            "title": i.title,
            "description": i.description,
            "state": i.state,
            "labels": list(i.labels),
            "author": self._user(i.author),
            "milestone": {"id": 1, "iid": 1, "title": i.milestone} if i.milestone else None,
            "assignees": [],
            "assignee": None,
            "created_at": i.created_at,
            "updated_at": i.created_at,
            "closed_at": None,
            "user_notes_count": len(self.notes_on(i.project, "Issue", i.iid)),
            "web_url": f"https://gitlab.example.com/{i.project}/-/issues/{i.iid}",
            "confidential": False,
            "issue_type": "issue",
            "type": "ISSUE",
        }

    def _mr_json(self, m: MergeRequest) -> dict[str, Any]:
        project = self.state.projects[m.project]
        return {
            "id": m.id,
            "iid": m.iid,
            "project_id": project.id,
            "title": m.title,
            "description": m.description,
            "state": m.state,
            "source_branch": m.source_branch,
            "target_branch": m.target_branch,
            "source_project_id": project.id,
            "target_project_id": project.id,
            "labels": list(m.labels),
            "author": self._user(m.author),
            "draft": False,
            "work_in_progress": False,
            "merged_at": "2024-01-01T00:00:00.000Z" if m.state == "merged" else None,
            "detailed_merge_status": "mergeable",
            "sha": "ec26c3e57ca3a959ca5aad62de7213c562f8c821",
            "created_at": m.created_at,
            "updated_at": m.created_at,
            "web_url": f"https://gitlab.example.com/{m.project}/-/merge_requests/{m.iid}",
        }

    def _note_json(self, n: Note) -> dict[str, Any]:
        item = (self.state.issues if n.noteable_type == "Issue" else self.state.merge_requests)[
            (n.project, n.iid)
        ]
        data: dict[str, Any] = {
            "id": n.id,
            "type": n.type,
            "body": n.body,
            "author": self._user(n.author),
            "created_at": n.created_at,
            "updated_at": n.updated_at,
            "system": n.system,
            "noteable_id": item.id,
            "noteable_type": n.noteable_type,
            "noteable_iid": n.iid,
            "project_id": self.state.projects[n.project].id,
            "resolvable": n.type is not None,
            "confidential": False,
            "internal": False,
        }
        if n.position is not None:
            data["position"] = n.position
        return data

    def _discussion_json(self, d: Discussion) -> dict[str, Any]:
        return {
            "id": d.id,
            "individual_note": d.individual_note,
            "notes": [self._note_json(self.state.notes[i]) for i in d.note_ids],
        }

    def _award_json(self, a: Award, key: tuple[str, int]) -> dict[str, Any]:
        awardable_type = "Note" if key[0] == "note" else key[0]
        return {
            "id": a.id,
            "name": a.name,
            "user": self._user(a.user),
            "created_at": a.created_at,
            "updated_at": a.created_at,
            "awardable_id": key[1],
            "awardable_type": awardable_type,
        }

    # -- lookups ----------------------------------------------------------------------------

    def _project(self, call: Call) -> Project | None:
        ident = call.params["id"]
        if ident.isdigit():
            return next((p for p in self.state.projects.values() if p.id == int(ident)), None)
        return self.state.projects.get(ident)

    def _item(self, call: Call, kind: str) -> Issue | MergeRequest | None:
        project = self._project(call)
        iid = call.params.get("iid", "")
        if project is None or not iid.isdigit():
            return None
        store = self.state.issues if kind == "Issue" else self.state.merge_requests
        return store.get((project.path, int(iid)))  # type: ignore[return-value]

    def _issue(self, call: Call) -> Issue | None:
        item = self._item(call, "Issue")
        return item if isinstance(item, Issue) else None

    def _merge_request(self, call: Call) -> MergeRequest | None:
        item = self._item(call, "MergeRequest")
        return item if isinstance(item, MergeRequest) else None

    def _note(self, call: Call, kind: str) -> Note | None:
        item = self._item(call, kind)
        note_id = call.params.get("note_id", "")
        note = self.state.notes.get(int(note_id)) if note_id.isdigit() else None
        if (
            item is None
            or note is None
            or (note.project, note.noteable_type, note.iid) != (item.project, kind, item.iid)
        ):
            return None
        return note

    @staticmethod
    def _body(call: Call) -> dict[str, Any]:
        data = dict(call.query)
        if isinstance(call.body, dict):
            data.update(call.body)
        return data

    def _register_routes(self) -> None:
        r = self.route
        missing_project = lambda: self.error_response(404, "404 Project Not Found")  # noqa: E731

        @r("GET", "/projects/:id", "get_project")
        async def get_project(call: Call) -> web.Response:
            project = self._project(call)
            return (
                web.json_response(self._project_json(project, call.user))
                if project
                else missing_project()
            )

        @r("GET", "/users", "list_users")
        async def list_users(call: Call) -> web.Response:
            wanted = call.query.get("username")
            users = [
                self._user(u)
                for u in self.state.users
                if wanted is None or u.lower() == wanted.lower()
            ]
            return paginate(call.request, users, self.base_url)

        async def get_member(call: Call) -> web.Response:
            project = self._project(call)
            if project is None:
                return missing_project()
            user_id = int(call.params["user_id"]) if call.params["user_id"].isdigit() else -1
            level = project.members.get(user_id)
            username = next((u for u, i in self.state.users.items() if i == user_id), None)
            if level is None or username is None:
                return self.error_response(404, "404 Not found")
            return web.json_response(
                {**self._user(username), "access_level": level, "expires_at": None}
            )

        self.add_route(
            "GET",
            "/projects/:id/members/all/:user_id",
            get_member,
            "get_project_member_including_inherited",
        )
        self.add_route("GET", "/projects/:id/members/:user_id", get_member, "get_project_member")

        for kind, segment in (("Issue", "issues"), ("MergeRequest", "merge_requests")):
            self._register_item_routes(kind, segment)

        @r("PUT", "/projects/:id/issues/:iid", "edit_issue")
        async def edit_issue(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return self.error_response(404, "404 Issue Not Found")
            data = self._body(call)
            if not any(k in data for k in (*EDIT_ISSUE_ATTRIBUTES, *LABEL_EDITS)):
                return web.json_response(
                    {
                        "error": ", ".join(EDIT_ISSUE_ATTRIBUTES)
                        + " are missing, at least one parameter must be provided"
                    },
                    status=400,
                )
            self._apply_labels(issue, data)
            issue.title = str(data.get("title", issue.title))
            issue.description = str(data.get("description", issue.description))
            if data.get("state_event") in ("close", "reopen"):
                issue.state = "closed" if data["state_event"] == "close" else "opened"
            return web.json_response(self._issue_json(issue))

        @r("GET", "/projects/:id/merge_requests", "list_merge_requests")
        async def list_mrs(call: Call) -> web.Response:
            project = self._project(call)
            if project is None:
                return missing_project()
            state = call.query.get("state", "all")
            mrs = [
                m
                for m in self.state.merge_requests.values()
                if m.project == project.path
                and state in ("all", m.state)
                and call.query.get("source_branch", m.source_branch) == m.source_branch
            ]
            return paginate(call.request, [self._mr_json(m) for m in mrs], self.base_url)

        @r("POST", "/projects/:id/merge_requests", "create_merge_request")
        async def create_mr(call: Call) -> web.Response:
            project = self._project(call)
            if project is None:
                return missing_project()
            data = self._body(call)
            missing = [k for k in ("source_branch", "target_branch", "title") if not data.get(k)]
            if missing:
                return self._bad_request(*missing)
            for m in self.state.merge_requests.values():
                if (
                    m.project == project.path
                    and m.source_branch == data["source_branch"]
                    and m.state == "opened"
                ):
                    return web.json_response(
                        {
                            "message": [
                                "Another open merge request already exists for this "
                                f"source branch: !{m.iid}"
                            ]
                        },
                        status=409,
                    )
            iid = self.add_merge_request(
                project.path,
                source_branch=str(data["source_branch"]),
                target_branch=str(data["target_branch"]),
                title=str(data["title"]),
                description=str(data.get("description") or ""),
                author=call.user or "",
            )
            return web.json_response(
                self._mr_json(self.state.merge_requests[(project.path, iid)]), status=201
            )

        @r("PUT", "/projects/:id/merge_requests/:iid", "edit_merge_request")
        async def edit_mr(call: Call) -> web.Response:
            mr = self._merge_request(call)
            if mr is None:
                return self.error_response(404, "404 Merge Request Not Found")
            data = self._body(call)
            self._apply_labels(mr, data)
            mr.title = str(data.get("title", mr.title))
            mr.description = str(data.get("description", mr.description))
            if data.get("state_event") in ("close", "reopen"):
                mr.state = "closed" if data["state_event"] == "close" else "opened"
            return web.json_response(self._mr_json(mr))

        @r("GET", "/projects/:id/merge_requests/:iid/discussions", "list_merge_request_discussions")
        async def list_discussions(call: Call) -> web.Response:
            mr = self._merge_request(call)
            if mr is None:
                return self.error_response(404, "404 Merge Request Not Found")
            items = [
                self._discussion_json(d)
                for d in self.state.discussions.values()
                if (d.project, d.noteable_type, d.iid) == (mr.project, "MergeRequest", mr.iid)
            ]
            return paginate(call.request, items, self.base_url)

        @r(
            "POST",
            "/projects/:id/merge_requests/:iid/discussions",
            "create_merge_request_discussion",
        )
        async def create_discussion(call: Call) -> web.Response:
            mr = self._merge_request(call)
            if mr is None:
                return self.error_response(404, "404 Merge Request Not Found")
            data = self._body(call)
            if not data.get("body"):
                return self._bad_request("body")
            position = data.get("position")
            if position is not None:
                needed = ["base_sha", "head_sha", "start_sha", "position_type"]
                if isinstance(position, dict) and position.get("position_type") == "text":
                    needed += ["new_path", "old_path"]
                missing = [
                    f"position[{k}]"
                    for k in needed
                    if not (isinstance(position, dict) and position.get(k))
                ]
                if missing:
                    return self._bad_request(*missing)
            note = self.add_note(
                mr.project,
                "MergeRequest",
                mr.iid,
                str(data["body"]),
                call.user or "",
                position=position,
                start_thread=True,
            )
            return web.json_response(
                self._discussion_json(self.state.discussions[note.discussion_id]), status=201
            )

        @r(
            "POST",
            "/projects/:id/merge_requests/:iid/discussions/:discussion_id/notes",
            "reply_to_merge_request_discussion",
        )
        async def reply(call: Call) -> web.Response:
            mr = self._merge_request(call)
            discussion = self.state.discussions.get(call.params["discussion_id"])
            if (
                mr is None
                or discussion is None
                or (discussion.project, discussion.iid) != (mr.project, mr.iid)
            ):
                return self.error_response(404, "404 Discussion Not Found")
            data = self._body(call)
            if not data.get("body"):
                return self._bad_request("body")
            if discussion.individual_note:
                discussion.individual_note = False  # replying turns a plain comment into a thread
            note = self.add_note(
                mr.project,
                "MergeRequest",
                mr.iid,
                str(data["body"]),
                call.user or "",
                discussion_id=discussion.id,
            )
            return web.json_response(self._note_json(note), status=201)

    def _register_item_routes(self, kind: str, segment: str) -> None:
        """Routes that exist alike under /issues/:iid and /merge_requests/:iid."""
        key = "issue" if kind == "Issue" else "merge_request"
        not_found_text = f"404 {'Issue' if kind == 'Issue' else 'Merge Request'} Not Found"

        def missing_item() -> web.Response:
            return self.error_response(404, not_found_text)

        async def get_item(call: Call) -> web.Response:
            item = self._item(call, kind)
            if item is None:
                return missing_item()
            return web.json_response(
                self._issue_json(item) if isinstance(item, Issue) else self._mr_json(item)
            )

        async def list_notes(call: Call) -> web.Response:
            item = self._item(call, kind)
            if item is None:
                return missing_item()
            notes = self.notes_on(item.project, kind, item.iid)
            if call.query.get("sort") == "desc":
                notes.reverse()
            return paginate(call.request, [self._note_json(n) for n in notes], self.base_url)

        async def create_note(call: Call) -> web.Response:
            item = self._item(call, kind)
            if item is None:
                return missing_item()
            data = self._body(call)
            if not data.get("body"):
                return self._bad_request("body")
            note = self.add_note(item.project, kind, item.iid, str(data["body"]), call.user or "")
            return web.json_response(self._note_json(note), status=201)

        async def get_note(call: Call) -> web.Response:
            note = self._note(call, kind)
            if note is None:
                return self.error_response(404, "404 Note Not Found")
            return web.json_response(self._note_json(note))

        async def get_award(call: Call, on_note: bool) -> web.Response:
            target = self._award_key(call, kind, on_note)
            award_id = call.params.get("award_id", "")
            award = next(
                (a for a in self.state.awards.get(target, []) if str(a.id) == award_id), None
            ) if target is not None else None
            if award is None or target is None:
                return self.error_response(404, "404 Award Emoji Not Found")
            return web.json_response(self._award_json(award, target))

        async def update_note(call: Call) -> web.Response:
            note = self._note(call, kind)
            if note is None:
                return self.error_response(404, "404 Note Not Found")
            data = self._body(call)
            if not data.get("body"):
                return self._bad_request("body")
            note.body, note.updated_at = str(data["body"]), _now()
            return web.json_response(self._note_json(note))

        async def list_awards(call: Call, on_note: bool) -> web.Response:
            target = self._award_key(call, kind, on_note)
            if target is None:
                return self.error_response(404, "404 Not found")
            items = [self._award_json(a, target) for a in self.state.awards.get(target, [])]
            return paginate(call.request, items, self.base_url)

        async def create_award(call: Call, on_note: bool) -> web.Response:
            target = self._award_key(call, kind, on_note)
            if target is None:
                return self.error_response(404, "404 Not found")
            data = self._body(call)
            if not data.get("name"):
                return self._bad_request("name")
            if any(
                a.name == data["name"] and a.user == call.user
                for a in self.state.awards.get(target, [])
            ):
                return self.error_response(404, "404 Award Emoji Name has already been taken")
            award = self.add_award(target, str(data["name"]), call.user or "")
            return web.json_response(self._award_json(award, target), status=201)

        base = f"/projects/:id/{segment}/:iid"
        self.add_route("GET", base, get_item, f"get_{key}")
        self.add_route("GET", f"{base}/notes", list_notes, f"list_{key}_notes")
        self.add_route("POST", f"{base}/notes", create_note, f"create_{key}_note")
        self.add_route("PUT", f"{base}/notes/:note_id", update_note, f"update_{key}_note")
        self.add_route("GET", f"{base}/notes/:note_id", get_note, f"get_{key}_note")
        self.add_route(
            "GET",
            f"{base}/award_emoji/:award_id",
            lambda c: get_award(c, False),
            f"get_award_emoji_{key}",
        )
        self.add_route(
            "GET",
            f"{base}/notes/:note_id/award_emoji/:award_id",
            lambda c: get_award(c, True),
            f"get_award_emoji_on_{key}_note",
        )
        self.add_route(
            "GET", f"{base}/award_emoji", lambda c: list_awards(c, False), f"list_award_emoji_{key}"
        )
        self.add_route(
            "POST",
            f"{base}/award_emoji",
            lambda c: create_award(c, False),
            "award_emoji" if kind == "Issue" else f"award_emoji_{key}",
        )
        self.add_route(
            "GET",
            f"{base}/notes/:note_id/award_emoji",
            lambda c: list_awards(c, True),
            f"list_award_emoji_on_{key}_note",
        )
        self.add_route(
            "POST",
            f"{base}/notes/:note_id/award_emoji",
            lambda c: create_award(c, True),
            "award_emoji_on_note" if kind == "Issue" else f"award_emoji_on_{key}_note",
        )

    def _award_key(self, call: Call, kind: str, on_note: bool) -> tuple[str, int] | None:
        if on_note:
            note = self._note(call, kind)
            return ("note", note.id) if note else None
        item = self._item(call, kind)
        return (kind, item.id) if item else None

    @staticmethod
    def _apply_labels(item: Issue | MergeRequest, data: dict[str, Any]) -> None:
        def names(value: Any) -> list[str]:
            parts = value if isinstance(value, list) else str(value).split(",")
            return [p.strip() for p in parts if str(p).strip()]

        if "labels" in data:
            item.labels = names(data["labels"])
        for name in names(data.get("add_labels", "")):
            if name not in item.labels:
                item.labels.append(name)
        for name in names(data.get("remove_labels", "")):
            if name in item.labels:
                item.labels.remove(name)


@pytest_asyncio.fixture
async def fake_gitlab() -> AsyncIterator[FakeGitLab]:
    """A running FakeGitLab (import this fixture into a conftest to use it)."""
    async with FakeGitLab() as fake:
        yield fake
