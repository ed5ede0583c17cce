"""What humans do on the fake GitLab, each optionally firing the webhook GitLab would."""

from __future__ import annotations

from typing import Any

from tests.fakes import webhooks
from tests.fakes.gitlab.state import (
    Note,
)


class HumanActions:
    """Part of `FakeGitLab` (tests.fakes.gitlab); state and helpers live on the fake."""

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
            issue.label_events.append((label, actor))
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
