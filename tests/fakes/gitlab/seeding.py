"""Seeding the fake GitLab: users, tokens, projects, issues, merge requests, notes."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from tests.fakes.gitlab.state import (
    Award,
    Discussion,
    Issue,
    MergeRequest,
    Milestone,
    Note,
    Project,
)


class Seeding:
    """Part of `FakeGitLab` (tests.fakes.gitlab); state and helpers live on the fake."""

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

    def add_milestone(self, project: str, title: str, *, state: str = "active") -> int:
        iid = 1 + max((n for (p, n) in self.state.milestones if p == project), default=0)
        self.state.milestones[(project, iid)] = Milestone(project, iid, next(self._ids), title,
                                                          state)
        return iid

    def close_issue(self, project: str, iid: int, *, commits: tuple[str, ...] = ()) -> None:
        """Close an issue; each commit is the merge commit of a merged request closing it."""
        issue = self.state.issues[(project, iid)]
        issue.state = "closed"
        for sha in commits:
            number = self.add_merge_request(project, source_branch=f"fix-{iid}-{sha[:7]}",
                                            title=f"Fix #{iid}")
            request = self.state.merge_requests[(project, number)]
            request.state, request.merge_commit_sha = "merged", sha
            issue.closed_by.append(number)

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
