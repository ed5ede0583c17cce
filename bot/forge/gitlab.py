"""The GitLab adapter of the Forge protocol (REST v4 through python-gitlab; self-hosted or .com).

Issues and merge requests have separate iid spaces, hence `ItemRef`. Threads are MR discussions
that are not `individual_note` (a plain comment is not a thread); their id is GitLab's discussion
id. Reactions are award emoji (thumbsup → "+1", thumbsdown → "-1").
"""

from __future__ import annotations

import itertools
from datetime import datetime
from typing import Any, cast

import structlog

from bot.forge.base import (
    ChangeRequest,
    ClosedIssues,
    Comment,
    ForgeName,
    GitCredentials,
    Issue,
    ItemRef,
    Milestone,
    Permission,
    Reaction,
    RepoRef,
    Thread,
    pick_milestone,
)
from bot.forge.errors import ForgeHTTPError, NotFound
from bot.forge.gitlab_client import GitLabClient
from bot.forge.retry import (
    DEFAULT_RETRY,
    ONCE,
    RetryPolicy,
    create_idempotently,
    is_marked,
    same_marked_body,
)

log = structlog.get_logger(__name__)

EMOJI_FOR_REACTION = {"+1": "thumbsup", "-1": "thumbsdown"}
REACTION_FOR_EMOJI = {v: k for k, v in EMOJI_FOR_REACTION.items()}


def permission_for_access_level(level: int) -> Permission:
    """GitLab access level → neutral permission (see `Permission`'s docstring)."""
    if level >= 50:
        return Permission.ADMIN
    if level >= 40:
        return Permission.MAINTAIN
    if level >= 30:
        return Permission.WRITE
    if level >= 15:
        return Permission.TRIAGE
    if level >= 10:
        return Permission.READ
    return Permission.NONE


def _when(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None


def _comment(note: dict[str, Any]) -> Comment:
    return Comment(
        id=int(note["id"]),
        author=(note.get("author") or {}).get("username", ""),
        body=note.get("body") or "",
        created_at=_when(note.get("created_at")),
    )


def _issue(data: dict[str, Any], comments: list[Comment] | None = None) -> Issue:
    return Issue(
        number=int(data["iid"]),
        title=data.get("title") or "",
        body=data.get("description") or "",
        author=(data.get("author") or {}).get("username", ""),
        labels=list(data.get("labels") or []),
        state=_state(data.get("state", "opened")),
        url=data.get("web_url") or "",
        milestone=(data.get("milestone") or {}).get("title"),
        comments=comments or [],
    )


def _state(value: str) -> str:
    return {"opened": "open", "locked": "open"}.get(value, "closed" if value == "merged" else value)


def _exists(exc: ForgeHTTPError) -> bool:
    """GitLab's 409 "Another open merge request already exists for this source branch"."""
    return exc.status == 409 or "already exists" in exc.message.lower()


def _change_request(mr: dict[str, Any]) -> ChangeRequest:
    return ChangeRequest(
        number=int(mr["iid"]),
        url=mr.get("web_url") or "",
        title=mr.get("title") or "",
        body=mr.get("description") or "",
        source_branch=mr["source_branch"],
        target_branch=mr["target_branch"],
        state=_state(mr.get("state", "opened")),
        merged=mr.get("state") == "merged",
    )


class GitLabForge:
    """Forge protocol on GitLab, authenticated by a personal/project (or OAuth) token."""

    name: ForgeName = "gitlab"

    def __init__(
        self,
        *,
        url: str = "https://gitlab.com",
        token: str,
        token_kind: str = "private",
        retry: RetryPolicy = DEFAULT_RETRY,
        request_timeout: float = 30.0,
        max_threads: int = 8,
        ssl_verify: bool | str = True,
    ) -> None:
        self._client = GitLabClient(
            url=url,
            token=token,
            token_kind=token_kind,
            retry=retry,
            request_timeout=request_timeout,
            max_threads=max_threads,
            ssl_verify=ssl_verify,
        )
        self._token = token
        self._retry = retry
        self.url = url

    def __repr__(self) -> str:
        return f"GitLabForge(url={self.url!r})"

    # Lazy objects cost no request; python-gitlab URL-encodes the project path.
    def _project(self, repo: RepoRef) -> Any:
        return self._client.gl.projects.get(repo.full_name, lazy=True)

    def _item(self, repo: RepoRef, item: ItemRef) -> Any:
        project = self._project(repo)
        manager = project.issues if item.kind == "issue" else project.mergerequests
        return manager.get(item.number, lazy=True)

    async def _run(self, fn: Any, what: str, retry: RetryPolicy | None = None) -> Any:
        return await self._client.run(fn, what=what, retry=retry)

    # -- repository -----------------------------------------------------------------------

    async def _project_data(self, repo: RepoRef) -> dict[str, Any]:
        project = await self._run(
            lambda: self._client.gl.projects.get(repo.full_name), "get project"
        )
        return cast(dict[str, Any], project.attributes)

    async def clone_url(self, repo: RepoRef) -> str:
        return str((await self._project_data(repo))["http_url_to_repo"])

    async def default_branch(self, repo: RepoRef) -> str:
        return str((await self._project_data(repo))["default_branch"])

    async def push_credentials(self, repo: RepoRef) -> GitCredentials | None:
        return GitCredentials(username="oauth2", password=self._token)

    async def get_permission(self, repo: RepoRef, username: str) -> Permission:
        users = await self._run(
            lambda: self._client.gl.users.list(username=username, get_all=True), "find user"
        )
        match = [u for u in users if u.username.lower() == username.lower()]
        if not match:
            return Permission.NONE
        user_id = match[0].id
        try:
            member = await self._run(
                lambda: self._project(repo).members_all.get(user_id), "get member"
            )
        except NotFound:
            return Permission.NONE
        return permission_for_access_level(int(member.access_level))

    # -- issues and comments --------------------------------------------------------------

    async def get_issue(self, repo: RepoRef, number: int) -> Issue:
        issue = await self._run(lambda: self._project(repo).issues.get(number), "get issue")
        notes = await self._run(
            lambda: issue.notes.list(get_all=True, sort="asc", order_by="created_at"), "list notes"
        )
        return _issue(issue.attributes, [_comment(n.attributes) for n in notes
                                         if not n.attributes.get("system")])

    # -- milestones (sprints) -------------------------------------------------------------

    async def find_milestone(self, repo: RepoRef, name: str) -> Milestone | None:
        found = await self._run(lambda: self._project(repo).milestones.list(get_all=True),
                                "list milestones")
        return pick_milestone([Milestone(
            number=int(m.attributes["iid"]), id=int(m.attributes["id"]),
            title=str(m.attributes.get("title") or ""),
            state="closed" if m.attributes.get("state") == "closed" else "open",
            url=str(m.attributes.get("web_url") or "")) for m in found], name)

    async def closed_issues(self, repo: RepoRef, milestone: Milestone, *,
                            limit: int) -> ClosedIssues:
        def read() -> list[Any]:  # pages are fetched as the iterator goes: stop at limit + 1
            pages = self._project(repo).issues.list(
                milestone=milestone.title, state="closed", order_by="created_at", sort="asc",
                per_page=100, iterator=True)
            return list(itertools.islice(pages, limit + 1))

        found = await self._run(read, "list milestone issues")
        issues = sorted((_issue(i.attributes) for i in found[:limit]), key=lambda i: i.number)
        return ClosedIssues(issues=issues, more=len(found) > limit)

    async def closing_commits(self, repo: RepoRef, number: int) -> list[str]:
        # The merge requests that closed the issue; a merged one's commit on the target
        # branch is its merge (or squash) commit.
        requests = await self._run(
            lambda: self._project(repo).issues.get(number, lazy=True).closed_by(),
            "list closing merge requests")
        shas = [str(mr.get("merge_commit_sha") or mr.get("squash_commit_sha") or mr.get("sha"))
                for mr in requests if mr.get("state") == "merged"]
        return list(dict.fromkeys(sha for sha in shas if sha and sha != "None"))

    def _manager(self, repo: RepoRef, item: ItemRef) -> Any:
        project = self._project(repo)
        return project.issues if item.kind == "issue" else project.mergerequests

    async def label_added_by(self, repo: RepoRef, item: ItemRef, label: str) -> str | None:
        target = await self._run(lambda: self._manager(repo, item).get(item.number, lazy=True),
                                 "get item")
        events = await self._run(lambda: target.resourcelabelevents.list(get_all=True),
                                 "list label events")
        adders = [str((e.attributes.get("user") or {}).get("username") or "") for e in events
                  if e.attributes.get("action") == "add"
                  and (e.attributes.get("label") or {}).get("name") == label]
        return (adders[-1] or None) if adders else None

    async def add_labels(self, repo: RepoRef, item: ItemRef, labels: list[str]) -> None:
        """Adding a label the item has is success; so is a lost answer when the labels are on."""
        if not labels:
            return

        async def add() -> bool:
            await self._run(
                lambda: self._manager(repo, item).update(
                    item.number, {"add_labels": ",".join(labels)}
                ),
                "add labels",
                ONCE,
            )
            return True

        async def present() -> bool | None:
            current = await self._run(
                lambda: self._manager(repo, item).get(item.number), "read labels"
            )
            names = set(current.attributes.get("labels") or [])
            return True if set(labels) <= names else None

        await create_idempotently(add, present, self._retry, what="add labels",
                                  already_exists=lambda exc: "already" in exc.message.lower())

    async def remove_label(self, repo: RepoRef, item: ItemRef, label: str) -> None:
        # GitLab ignores removing a label the item does not have: no error to swallow.
        await self._run(
            lambda: self._manager(repo, item).update(item.number, {"remove_labels": label}),
            "remove label",
        )

    async def create_comment(self, repo: RepoRef, item: ItemRef, body: str) -> Comment:
        """Create a note. A body carrying Smith's marker is posted at most once: after a lost
        answer the note is looked up by it and adopted."""

        async def create(retry: RetryPolicy | None = None) -> Comment:
            note = await self._run(
                lambda: self._item(repo, item).notes.create({"body": body}), "create note", retry
            )
            return _comment(note.attributes)

        async def find() -> Comment | None:
            notes = await self._run(
                lambda: self._item(repo, item).notes.list(
                    get_all=True, sort="desc", order_by="created_at"
                ),
                "list notes",
            )
            for note in notes:
                if same_marked_body(str(note.attributes.get("body") or ""), body):
                    return _comment(note.attributes)
            return None

        if not is_marked(body):
            return await create()
        return await create_idempotently(lambda: create(ONCE), find, self._retry,
                                         what="create note")

    async def update_comment(
        self, repo: RepoRef, item: ItemRef, comment_id: int, body: str
    ) -> Comment:
        data = await self._run(
            lambda: self._item(repo, item).notes.update(comment_id, {"body": body}), "update note"
        )
        return _comment(data)

    async def get_comment(self, repo: RepoRef, item: ItemRef, comment_id: int) -> Comment:
        """A note of the issue or merge request (`GET .../notes/:note_id`), as GitLab has it."""
        note = await self._run(
            lambda: self._item(repo, item).notes.get(comment_id), "get note"
        )
        return _comment(note.attributes)

    # -- change requests ------------------------------------------------------------------

    async def open_change_request(
        self, repo: RepoRef, *, source_branch: str, target_branch: str, title: str, body: str
    ) -> ChangeRequest:
        """Open a merge request, at most one per branch: when the answer is lost, or GitLab says
        one already exists (409), the open one from `source_branch` into `target_branch` is
        adopted (a merge request into another branch is not)."""

        async def create() -> ChangeRequest:
            mr = await self._run(
                lambda: self._project(repo).mergerequests.create(
                    {
                        "source_branch": source_branch,
                        "target_branch": target_branch,
                        "title": title,
                        "description": body,
                    }
                ),
                "create merge request",
                ONCE,
            )
            return _change_request(mr.attributes)

        async def find() -> ChangeRequest | None:
            found = await self.find_change_request(repo, source_branch)
            return found if found is not None and found.target_branch == target_branch else None

        return await create_idempotently(create, find, self._retry, what="open merge request",
                                         already_exists=_exists)

    async def find_change_request(self, repo: RepoRef, source_branch: str) -> ChangeRequest | None:
        mrs = await self._run(
            lambda: self._project(repo).mergerequests.list(
                state="opened", source_branch=source_branch, get_all=True
            ),
            "list merge requests",
        )
        for mr in mrs:
            if mr.attributes["source_branch"] == source_branch:
                return _change_request(mr.attributes)
        return None

    async def get_change_request(self, repo: RepoRef, number: int) -> ChangeRequest:
        mr = await self._run(
            lambda: self._project(repo).mergerequests.get(number), "get merge request"
        )
        return _change_request(mr.attributes)

    async def update_change_request(
        self, repo: RepoRef, number: int, *, title: str | None = None, body: str | None = None
    ) -> ChangeRequest:
        changes = {k: v for k, v in (("title", title), ("description", body)) if v is not None}
        if not changes:
            return await self.get_change_request(repo, number)
        data = await self._run(
            lambda: self._project(repo).mergerequests.update(number, changes),
            "update merge request",
        )
        return _change_request(data)

    # -- threads --------------------------------------------------------------------------

    def _discussions(self, repo: RepoRef, number: int) -> Any:
        return self._project(repo).mergerequests.get(number, lazy=True).discussions

    @staticmethod
    def _thread(data: dict[str, Any]) -> Thread:
        notes = [n for n in data.get("notes", []) if not n.get("system")]
        position = (notes[0].get("position") or {}) if notes else {}
        return Thread(
            id=str(data["id"]),
            comments=[_comment(n) for n in notes],
            path=position.get("new_path") or position.get("old_path"),
            line=position.get("new_line") or position.get("old_line"),
        )

    async def create_thread(self, repo: RepoRef, number: int, body: str) -> Thread:
        """Open a discussion; one whose body carries Smith's marker is opened at most once."""

        async def create(retry: RetryPolicy | None = None) -> Thread:
            discussion = await self._run(
                lambda: self._discussions(repo, number).create({"body": body}),
                "create discussion",
                retry,
            )
            return self._thread(discussion.attributes)

        async def find() -> Thread | None:
            discussions = await self._run(
                lambda: self._discussions(repo, number).list(get_all=True), "list discussions"
            )
            for discussion in reversed(discussions):
                thread = self._thread(discussion.attributes)
                if thread.comments and same_marked_body(thread.comments[0].body, body):
                    return thread
            return None

        if not is_marked(body):
            return await create()
        return await create_idempotently(lambda: create(ONCE), find, self._retry,
                                         what="create discussion")

    async def reply_to_thread(
        self, repo: RepoRef, number: int, thread_id: str, body: str
    ) -> Comment:
        note = await self._run(
            lambda: (
                self._discussions(repo, number)
                .get(thread_id, lazy=True)
                .notes.create({"body": body})
            ),
            "reply in discussion",
        )
        return _comment(note.attributes)

    async def list_threads(self, repo: RepoRef, number: int) -> list[Thread]:
        discussions = await self._run(
            lambda: self._discussions(repo, number).list(get_all=True), "list discussions"
        )
        return [
            self._thread(d.attributes)
            for d in discussions
            if not d.attributes.get("individual_note")
        ]

    # -- reactions ------------------------------------------------------------------------

    async def list_reactions(self, repo: RepoRef, item: ItemRef, comment_id: int) -> list[Reaction]:
        awards = await self._run(
            lambda: (
                self._item(repo, item)
                .notes.get(comment_id, lazy=True)
                .awardemojis.list(get_all=True)
            ),
            "list award emoji",
        )
        return [
            Reaction(
                content=REACTION_FOR_EMOJI.get(a.attributes.get("name"), "other"),
                user=(a.attributes.get("user") or {}).get("username", ""),
            )
            for a in awards
        ]

    async def get_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, *, user: str, content: str
    ) -> Reaction | None:
        # Emoji Hook payloads name the award, the note and the user; the API lists the note's
        # awards, so a vote counts only when GitLab itself has it.
        for reaction in await self.list_reactions(repo, item, comment_id):
            if reaction.user.casefold() == user.casefold() and reaction.content == content:
                return reaction
        return None

    async def add_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, content: str
    ) -> None:
        name = EMOJI_FOR_REACTION.get(content, content)
        try:
            await self._run(
                lambda: (
                    self._item(repo, item)
                    .notes.get(comment_id, lazy=True)
                    .awardemojis.create({"name": name})
                ),
                "award emoji",
            )
        except ForgeHTTPError as exc:
            # GitLab refuses a second identical award; like GitHub, treat it as done.
            if "already been taken" not in exc.message:
                raise

    async def close(self) -> None:
        await self._client.close()
