"""The REST v4 operations Smith uses, as routes of the fake GitLab."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.fakes import Call, paginate
from tests.fakes.gitlab.state import (
    EDIT_ISSUE_ATTRIBUTES,
    LABEL_EDITS,
    Issue,
    MergeRequest,
    _now,
)


class Routes:
    """Part of `FakeGitLab` (tests.fakes.gitlab); state and helpers live on the fake."""

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
            self._apply_labels(issue, data, call.user or "")
            issue.title = str(data.get("title", issue.title))
            issue.description = str(data.get("description", issue.description))
            if data.get("state_event") in ("close", "reopen"):
                issue.state = "closed" if data["state_event"] == "close" else "opened"
            return web.json_response(self._issue_json(issue))

        @r("GET", "/projects/:id/milestones", "list_milestones")
        async def list_milestones(call: Call) -> web.Response:
            project = self._project(call)
            if project is None:
                return missing_project()
            state = call.query.get("state")
            if state not in (None, "active", "closed"):
                return web.json_response({"error": "state does not have a valid value"},
                                         status=400)
            title = call.query.get("title")
            found = [self._milestone_json(project.path, m.title)
                     for (p, _), m in sorted(self.state.milestones.items())
                     if p == project.path and state in (None, m.state)
                     and title in (None, m.title)]
            return paginate(call.request, found, self.base_url)

        @r("GET", "/projects/:id/issues", "list_project_issues")
        async def list_issues(call: Call) -> web.Response:
            project = self._project(call)
            if project is None:
                return missing_project()
            state = call.query.get("state", "all")
            if state not in ("opened", "closed", "all"):
                return web.json_response({"error": "state does not have a valid value"},
                                         status=400)
            if call.query.get("sort", "desc") not in ("asc", "desc"):
                return web.json_response({"error": "sort does not have a valid value"},
                                         status=400)
            milestone = call.query.get("milestone")
            found = [i for (p, _), i in sorted(self.state.issues.items())
                     if p == project.path and state in ("all", i.state)
                     and (milestone is None or milestone == "Any" and i.milestone
                          or milestone == "None" and not i.milestone
                          or i.milestone == milestone)]
            if call.query.get("sort", "desc") == "desc":
                found.reverse()
            return paginate(call.request, [self._issue_json(i) for i in found], self.base_url)

        @r("GET", "/projects/:id/issues/:iid/closed_by", "list_merge_requests_closing_issue")
        async def closed_by(call: Call) -> web.Response:
            issue = self._issue(call)
            if issue is None:
                return self.error_response(404, "404 Issue Not Found")
            requests = [self.state.merge_requests[(issue.project, n)] for n in issue.closed_by]
            return paginate(call.request, [self._mr_json(m) for m in requests], self.base_url)

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
            self._apply_labels(mr, data, call.user or "")
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

        async def list_label_events(call: Call) -> web.Response:
            item = self._item(call, kind)
            if item is None:
                return missing_item()
            events = [{"id": index + 1, "action": "add", "label": {"name": name},
                       "user": {"username": user}, "resource_type": kind,
                       "resource_id": item.id}
                      for index, (name, user) in enumerate(item.label_events)]
            return paginate(call.request, events, self.base_url)

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
        self.add_route("GET", f"{base}/resource_label_events", list_label_events,
                       f"list_{key}_resource_label_events")
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
    def _apply_labels(item: Issue | MergeRequest, data: dict[str, Any], user: str) -> None:
        def names(value: Any) -> list[str]:
            parts = value if isinstance(value, list) else str(value).split(",")
            return [p.strip() for p in parts if str(p).strip()]

        before = list(item.labels)
        if "labels" in data:
            item.labels = names(data["labels"])
        for name in names(data.get("add_labels", "")):
            if name not in item.labels:
                item.labels.append(name)
        item.label_events += [(name, user) for name in item.labels if name not in before]
        for name in names(data.get("remove_labels", "")):
            if name in item.labels:
                item.labels.remove(name)
