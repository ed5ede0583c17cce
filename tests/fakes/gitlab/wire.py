"""The fake GitLab's wire: error answers, rate limits, authentication, JSON shapes, lookups."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.fakes import Call, Fault, Route
from tests.fakes.gitlab.state import (
    Award,
    Discussion,
    Issue,
    MergeRequest,
    Note,
    Project,
)


class Wire:
    """Part of `FakeGitLab` (tests.fakes.gitlab); state and helpers live on the fake."""

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

    def _milestone_json(self, path: str, title: str) -> dict[str, Any]:
        """The milestone an issue names by title (a seeded one, or iid 1 as before)."""
        project = self.state.projects[path]
        known = next((m for (p, _), m in self.state.milestones.items()
                      if p == path and m.title == title), None)
        iid, ident = (known.iid, known.id) if known else (1, 1)
        return {"id": ident, "iid": iid, "project_id": project.id, "title": title,
                "description": "", "state": known.state if known else "active",
                "created_at": "2024-01-01T00:00:00.000Z",
                "updated_at": "2024-01-01T00:00:00.000Z", "due_date": None,
                "start_date": None, "expired": False,
                "web_url": f"https://gitlab.example.com/{path}/-/milestones/{iid}"}

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
            "milestone": self._milestone_json(i.project, i.milestone) if i.milestone else None,
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
            "merge_commit_sha": m.merge_commit_sha,
            "squash_commit_sha": None,
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
