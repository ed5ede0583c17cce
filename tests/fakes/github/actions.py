"""What humans do on the fake GitHub, each optionally firing the webhook GitHub would."""

from __future__ import annotations

import json

import aiohttp

from tests.fakes import webhooks
from tests.fakes.github.state import (
    RepoHook,
    SentDelivery,
    _now,
)


class HumanActions:
    """Part of `FakeGitHub` (tests.fakes.github); state and helpers live on the fake."""

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
            issue.label_events.append((label, actor))
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
