"""The GitHub adapter of the Forge protocol (REST v3 through gidgethub).

Threads. GitHub has two kinds and Smith needs both:
- a *review thread* is a chain of pull-request review comments on a diff line, grouped by
  `in_reply_to_id`; its id is the id of its first comment, in decimal (``"1234"``), the same id
  `bot.events` derives from a `pull_request_review_comment` webhook;
- a thread Smith opens without a file position (a rule proposal, a soft signal) is a PR
  *conversation comment*; its id is ``"conversation:<issue comment id>"``. GitHub has no replies
  for those, so a reply is a new comment that quotes the original and carries an invisible
  marker (``<!-- smith:thread-reply to=<id> -->``), which is how `list_threads` groups it back;
  the thread's first comment carries ``<!-- smith:thread -->``. Bodies are returned verbatim,
  markers included. Human replies without the marker (a
  quote-reply typed in the web UI) are not grouped into the thread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any, cast

import aiohttp
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
from bot.forge.errors import ForgeHTTPError, NotFound, ValidationFailed
from bot.forge.github_auth import AppInstallationTokens, StaticToken, TokenSource
from bot.forge.github_client import DEFAULT_API_URL, GitHubClient
from bot.forge.redelivery import GitHubHookDeliveries
from bot.forge.retry import (
    DEFAULT_RETRY,
    ONCE,
    RetryPolicy,
    create_idempotently,
    is_marked,
    same_marked_body,
)

log = structlog.get_logger(__name__)

CONVERSATION_PREFIX = "conversation:"
THREAD_MARKER = "<!-- smith:thread -->"
REPLY_MARKER = "<!-- smith:thread-reply to={id} -->"
_REPLY_MARKER_RE = re.compile(r"<!-- smith:thread-reply to=(\d+) -->")
_MARKERS_RE = re.compile(r"\n*<!-- smith:(?:thread|thread-reply to=\d+) -->\n*")

ROLE_PERMISSIONS = {
    "none": Permission.NONE,
    "read": Permission.READ,
    "triage": Permission.TRIAGE,
    "write": Permission.WRITE,
    "maintain": Permission.MAINTAIN,
    "admin": Permission.ADMIN,
}


def review_thread_id(root_comment_id: int) -> str:
    """Thread id of the review thread whose first comment is `root_comment_id`."""
    return str(root_comment_id)


def conversation_thread_id(comment_id: int) -> str:
    """Thread id of a Smith-opened conversation thread (a PR conversation comment)."""
    return f"{CONVERSATION_PREFIX}{comment_id}"


def parse_thread_id(thread_id: str) -> tuple[str, int]:
    """("review" | "conversation", comment id) of a thread id; ValueError when it is not one."""
    if thread_id.isdigit():
        return "review", int(thread_id)
    rest = thread_id.removeprefix(CONVERSATION_PREFIX)
    if rest != thread_id and rest.isdigit():
        return "conversation", int(rest)
    raise ValueError(f"not a GitHub thread id: {thread_id!r}")


def _strip_markers(body: str | None) -> str:
    return _MARKERS_RE.sub("", body or "").strip()


def _comment(data: dict[str, Any]) -> Comment:
    return Comment(
        id=int(data["id"]),
        author=(data.get("user") or {}).get("login", ""),
        body=data.get("body") or "",
        created_at=_when(data.get("created_at")),
        url=data.get("html_url") or "",
    )


def _when(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None


def _change_request(data: dict[str, Any]) -> ChangeRequest:
    merged = bool(data.get("merged")) or data.get("merged_at") is not None
    return ChangeRequest(
        number=int(data["number"]),
        url=data.get("html_url") or "",
        title=data.get("title") or "",
        body=data.get("body") or "",
        source_branch=data["head"]["ref"],
        target_branch=data["base"]["ref"],
        state=data.get("state", "open"),
        merged=merged,
    )


def _issue(data: dict[str, Any], comments: list[Comment] | None = None) -> Issue:
    milestone = data.get("milestone") or {}
    return Issue(
        number=int(data["number"]),
        title=data.get("title") or "",
        body=data.get("body") or "",
        author=(data.get("user") or {}).get("login", ""),
        labels=[label["name"] for label in data.get("labels", [])],
        state=data.get("state", "open"),
        url=data.get("html_url") or "",
        milestone=milestone.get("title"),
        comments=comments or [],
    )


def _reaction(data: dict[str, Any]) -> Reaction:
    content = data.get("content")
    return Reaction(
        content=content if content in ("+1", "-1") else "other",
        user=(data.get("user") or {}).get("login", ""),
    )


def _pull_exists(exc: ForgeHTTPError) -> bool:
    """GitHub's 422 "A pull request already exists for owner:branch"."""
    return exc.status == 422 and "already exists" in exc.message.lower()


def _split(repo: RepoRef) -> dict[str, str]:
    owner, name = repo.full_name.split("/", 1)
    return {"owner": owner, "repo": name}


class GitHubForge:
    """Forge protocol on GitHub, authenticated by a token or as a GitHub App."""

    name: ForgeName = "github"

    def __init__(
        self,
        *,
        token: str | None = None,
        app_id: str | int | None = None,
        private_key: str | None = None,
        api_url: str = DEFAULT_API_URL,
        retry: RetryPolicy = DEFAULT_RETRY,
        request_timeout: float = 30.0,
        token_refresh_margin: float = 300.0,
        session: aiohttp.ClientSession | None = None,
    ) -> None:
        if (token is None) == (app_id is None or private_key is None):
            raise ValueError("give either a token, or both app_id and private_key")
        self._client = GitHubClient(
            api_url=api_url,
            retry=retry,
            request_timeout=request_timeout,
            session=session,
            secrets=lambda: self._auth.secrets(),
        )
        self._auth: TokenSource
        if token is not None:
            self._auth = StaticToken(token)
        else:
            self._auth = AppInstallationTokens(
                self._client,
                app_id=str(app_id),
                private_key=str(private_key),
                refresh_margin=token_refresh_margin,
            )
        self.api_url = api_url
        self._retry = retry

    def __repr__(self) -> str:
        return f"GitHubForge(api_url={self.api_url!r}, auth={self._auth!r})"

    def webhook_deliveries(self) -> GitHubHookDeliveries:
        """The App's (or the repositories') webhook deliveries, for the redelivery sweeper."""
        return GitHubHookDeliveries(self._client, self._auth)

    async def _call(
        self,
        repo: RepoRef,
        method: str,
        url: str,
        url_vars: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        # Reads get a read-only token; anything that changes the forge gets the write one.
        token = await self._auth.token_for(repo, "read" if method == "GET" else "write")
        return await self._client.call(
            method, url, {**_split(repo), **(url_vars or {})}, token=token, **kwargs
        )

    async def _all(
        self, repo: RepoRef, url: str, url_vars: dict[str, Any] | None = None,
        until: Callable[[Any], bool] | None = None,
    ) -> list[Any]:
        token = await self._auth.token_for(repo, "read")
        return await self._client.get_all(url, {**_split(repo), **(url_vars or {})}, token=token,
                                          until=until)

    # -- repository -----------------------------------------------------------------------

    async def _repository(self, repo: RepoRef) -> dict[str, Any]:
        return cast(dict[str, Any], await self._call(repo, "GET", "/repos/{owner}/{repo}"))

    async def clone_url(self, repo: RepoRef) -> str:
        return str((await self._repository(repo))["clone_url"])

    async def default_branch(self, repo: RepoRef) -> str:
        return str((await self._repository(repo))["default_branch"])

    async def push_credentials(self, repo: RepoRef) -> GitCredentials | None:
        password = await self._auth.token_for(repo, "write")
        return GitCredentials(username="x-access-token", password=password)

    async def get_permission(self, repo: RepoRef, username: str) -> Permission:
        try:
            data = await self._call(
                repo,
                "GET",
                "/repos/{owner}/{repo}/collaborators/{username}/permission",
                {"username": username},
            )
        except NotFound:
            return Permission.NONE
        # role_name tells maintain from write and triage from read; `permission` is legacy.
        for key in ("role_name", "permission"):
            level = ROLE_PERMISSIONS.get(str(data.get(key) or "").lower())
            if level is not None:
                return level
        return Permission.NONE

    # -- issues and comments --------------------------------------------------------------

    async def get_issue(self, repo: RepoRef, number: int) -> Issue:
        data = await self._call(
            repo, "GET", "/repos/{owner}/{repo}/issues/{number}", {"number": number}
        )
        comments = await self._all(
            repo, "/repos/{owner}/{repo}/issues/{number}/comments", {"number": number}
        )
        return _issue(data, [_comment(c) for c in comments])

    # -- milestones (sprints) -------------------------------------------------------------

    async def find_milestone(self, repo: RepoRef, name: str) -> Milestone | None:
        found = await self._all(repo, "/repos/{owner}/{repo}/milestones{?state,per_page}",
                                {"state": "all", "per_page": 100})
        return pick_milestone([Milestone(
            number=int(m["number"]), id=int(m["number"]), title=str(m.get("title") or ""),
            state=str(m.get("state") or "open"), url=str(m.get("html_url") or ""))
            for m in found], name)

    async def closed_issues(self, repo: RepoRef, milestone: Milestone, *,
                            limit: int) -> ClosedIssues:
        seen: list[dict[str, Any]] = []

        def enough(item: Any) -> bool:  # stop paging once one more than the limit is known
            if "pull_request" not in item:  # the issues list holds pull requests too
                seen.append(item)
            return len(seen) > limit

        await self._all(repo, "/repos/{owner}/{repo}/issues{?milestone,state,per_page,sort,"
                        "direction}", {"milestone": milestone.number, "state": "closed",
                                       "per_page": 100, "sort": "created",
                                       "direction": "asc"}, until=enough)
        issues = sorted((_issue(data) for data in seen[:limit]), key=lambda i: i.number)
        return ClosedIssues(issues=issues, more=len(seen) > limit)

    async def closing_commits(self, repo: RepoRef, number: int) -> list[str]:
        # A `closed` event names the commit that closed the issue: a "Fixes #N" commit, or the
        # merge commit of the pull request that did.
        events = await self._all(repo, "/repos/{owner}/{repo}/issues/{number}/events",
                                 {"number": number})
        return list(dict.fromkeys(str(e["commit_id"]) for e in events
                                  if e.get("event") == "closed" and e.get("commit_id")))

    async def label_added_by(self, repo: RepoRef, item: ItemRef, label: str) -> str | None:
        events = await self._all(repo, "/repos/{owner}/{repo}/issues/{number}/events",
                                 {"number": item.number})
        adders = [str((e.get("actor") or {}).get("login") or "") for e in events
                  if e.get("event") == "labeled" and (e.get("label") or {}).get("name") == label]
        return (adders[-1] or None) if adders else None

    async def add_labels(self, repo: RepoRef, item: ItemRef, labels: list[str]) -> None:
        """Adding a label the item has is success; so is a lost answer when the labels are on."""
        if not labels:
            return
        where = {"number": item.number}

        async def add() -> bool:
            await self._call(repo, "POST", "/repos/{owner}/{repo}/issues/{number}/labels", where,
                             data={"labels": labels}, retry=ONCE)
            return True

        async def present() -> bool | None:
            have = await self._all(repo, "/repos/{owner}/{repo}/issues/{number}/labels", where)
            names = {str(label.get("name", "")) for label in have}
            return True if set(labels) <= names else None

        await create_idempotently(add, present, self._retry, what="add labels",
                                  already_exists=lambda exc: "already" in exc.message.lower())

    async def remove_label(self, repo: RepoRef, item: ItemRef, label: str) -> None:
        try:
            await self._call(
                repo,
                "DELETE",
                "/repos/{owner}/{repo}/issues/{number}/labels/{name}",
                {"number": item.number, "name": label},
            )
        except NotFound:
            log.debug("github.label_absent", repo=str(repo), number=item.number, label=label)

    async def create_comment(self, repo: RepoRef, item: ItemRef, body: str) -> Comment:
        return _comment(await self._post_comment(repo, item.number, body))

    async def _post_comment(self, repo: RepoRef, number: int, body: str) -> dict[str, Any]:
        """POST an issue/PR conversation comment. A body carrying Smith's marker is posted at
        most once: after a lost answer the comment is looked up by it and adopted."""
        where = {"number": number}
        url = "/repos/{owner}/{repo}/issues/{number}/comments"

        async def post(retry: RetryPolicy | None = None) -> dict[str, Any]:
            data = await self._call(repo, "POST", url, where, data={"body": body}, retry=retry)
            return cast(dict[str, Any], data)

        async def find() -> dict[str, Any] | None:
            for data in reversed(await self._all(repo, url, where)):
                if same_marked_body(str(data.get("body") or ""), body):
                    return cast(dict[str, Any], data)
            return None

        if not is_marked(body):
            return await post()
        return await create_idempotently(lambda: post(ONCE), find, self._retry,
                                         what="create comment")

    async def update_comment(
        self, repo: RepoRef, item: ItemRef, comment_id: int, body: str
    ) -> Comment:
        data = await self._call(
            repo,
            "PATCH",
            "/repos/{owner}/{repo}/issues/comments/{comment_id}",
            {"comment_id": comment_id},
            data={"body": body},
        )
        return _comment(data)

    async def get_comment(self, repo: RepoRef, item: ItemRef, comment_id: int) -> Comment:
        """An issue or PR conversation comment; on a PR also a review comment. Checked to be on
        `item`: a comment id of another issue is NotFound here."""
        kinds = [("issues", "issue_url", "issues")]
        if item.kind == "change_request":
            kinds.append(("pulls", "pull_request_url", "pulls"))
        for segment, parent_key, parent_segment in kinds:
            try:
                data = await self._call(
                    repo,
                    "GET",
                    f"/repos/{{owner}}/{{repo}}/{segment}/comments/{{comment_id}}",
                    {"comment_id": comment_id},
                )
            except NotFound:
                continue
            parent = str(data.get(parent_key) or "")
            if parent.rstrip("/").endswith(f"/{parent_segment}/{item.number}"):
                return _comment(data)
        raise NotFound(404, f"comment {comment_id} is not on #{item.number} of {repo.full_name}")

    # -- change requests ------------------------------------------------------------------

    async def open_change_request(
        self, repo: RepoRef, *, source_branch: str, target_branch: str, title: str, body: str
    ) -> ChangeRequest:
        """Open a pull request, at most one per branch: when the answer is lost, or GitHub says
        one already exists for the branch, the open one from `source_branch` into
        `target_branch` is adopted (a pull request into another base is not)."""

        async def create() -> ChangeRequest:
            data = await self._call(
                repo,
                "POST",
                "/repos/{owner}/{repo}/pulls",
                data={"head": source_branch, "base": target_branch, "title": title, "body": body},
                retry=ONCE,
            )
            return _change_request(data)

        async def find() -> ChangeRequest | None:
            found = await self.find_change_request(repo, source_branch)
            return found if found is not None and found.target_branch == target_branch else None

        return await create_idempotently(create, find, self._retry, what="open pull request",
                                         already_exists=_pull_exists)

    async def find_change_request(self, repo: RepoRef, source_branch: str) -> ChangeRequest | None:
        owner = _split(repo)["owner"]
        pulls = await self._all(
            repo,
            "/repos/{owner}/{repo}/pulls{?state,head}",
            {"state": "open", "head": f"{owner}:{source_branch}"},
        )
        for pull in pulls:
            if pull["head"]["ref"] == source_branch:
                return _change_request(pull)
        return None

    async def get_change_request(self, repo: RepoRef, number: int) -> ChangeRequest:
        data = await self._call(
            repo, "GET", "/repos/{owner}/{repo}/pulls/{number}", {"number": number}
        )
        return _change_request(data)

    async def update_change_request(
        self, repo: RepoRef, number: int, *, title: str | None = None, body: str | None = None
    ) -> ChangeRequest:
        changes = {k: v for k, v in (("title", title), ("body", body)) if v is not None}
        if not changes:
            return await self.get_change_request(repo, number)
        data = await self._call(
            repo, "PATCH", "/repos/{owner}/{repo}/pulls/{number}", {"number": number}, data=changes
        )
        return _change_request(data)

    # -- threads --------------------------------------------------------------------------

    async def create_thread(self, repo: RepoRef, number: int, body: str) -> Thread:
        data = await self._post_comment(repo, number, f"{body}\n\n{THREAD_MARKER}")
        return Thread(id=conversation_thread_id(int(data["id"])), comments=[_comment(data)])

    async def reply_to_thread(
        self, repo: RepoRef, number: int, thread_id: str, body: str
    ) -> Comment:
        kind, root_id = parse_thread_id(thread_id)
        if kind == "review":
            data = await self._call(
                repo,
                "POST",
                "/repos/{owner}/{repo}/pulls/{number}/comments/{comment_id}/replies",
                {"number": number, "comment_id": root_id},
                data={"body": body},
            )
            return _comment(data)
        root = await self._call(
            repo,
            "GET",
            "/repos/{owner}/{repo}/issues/comments/{comment_id}",
            {"comment_id": root_id},
        )
        quoted = "\n".join(f"> {line}" for line in _strip_markers(root.get("body")).splitlines())
        marker = REPLY_MARKER.format(id=root_id)
        data = await self._call(
            repo,
            "POST",
            "/repos/{owner}/{repo}/issues/{number}/comments",
            {"number": number},
            data={"body": f"{quoted}\n\n{body}\n\n{marker}"},
        )
        return _comment(data)

    async def list_threads(self, repo: RepoRef, number: int) -> list[Thread]:
        review = await self._all(
            repo, "/repos/{owner}/{repo}/pulls/{number}/comments", {"number": number}
        )
        parent_of = {int(c["id"]): c.get("in_reply_to_id") for c in review}

        def root_of(comment_id: int) -> int:
            # GitHub points replies at the first comment; follow a chain anyway, cycle-safe.
            seen = {comment_id}
            while (parent := parent_of.get(comment_id)) and int(parent) not in seen:
                comment_id = int(parent)
                seen.add(comment_id)
            return comment_id

        threads: dict[int, Thread] = {}
        for data in sorted(review, key=lambda c: int(c["id"])):
            root = root_of(int(data["id"]))
            thread = threads.get(root)
            if thread is None:
                thread = threads[root] = Thread(
                    id=review_thread_id(root),
                    path=data.get("path"),
                    line=data.get("line") or data.get("original_line"),
                )
            thread.comments.append(_comment(data))
        conversation: dict[int, Thread] = {}
        issue_comments = await self._all(
            repo, "/repos/{owner}/{repo}/issues/{number}/comments", {"number": number}
        )
        for data in issue_comments:
            text = data.get("body") or ""
            reply_to = _REPLY_MARKER_RE.search(text)
            if THREAD_MARKER in text:
                conversation[int(data["id"])] = Thread(
                    id=conversation_thread_id(int(data["id"])), comments=[_comment(data)]
                )
            elif reply_to and int(reply_to.group(1)) in conversation:
                conversation[int(reply_to.group(1))].comments.append(_comment(data))
        return [*threads.values(), *conversation.values()]

    # -- reactions ------------------------------------------------------------------------

    async def _on_comment(
        self, repo: RepoRef, item: ItemRef, comment_id: int, method: str, **kwargs: Any
    ) -> Any:
        """Call the reactions endpoint of an issue comment, or of a review comment on a PR."""
        vars_ = {"comment_id": comment_id}
        try:
            if method == "GET":
                return await self._all(
                    repo, "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", vars_
                )
            return await self._call(
                repo,
                method,
                "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
                vars_,
                **kwargs,
            )
        except NotFound:
            if item.kind != "change_request":
                raise
        if method == "GET":
            return await self._all(
                repo, "/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions", vars_
            )
        return await self._call(
            repo,
            method,
            "/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions",
            vars_,
            **kwargs,
        )

    async def list_reactions(self, repo: RepoRef, item: ItemRef, comment_id: int) -> list[Reaction]:
        return [_reaction(r) for r in await self._on_comment(repo, item, comment_id, "GET")]

    async def get_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, *, user: str, content: str
    ) -> Reaction | None:
        # GitHub has no "get one reaction" endpoint: list the comment's reactions.
        for reaction in await self.list_reactions(repo, item, comment_id):
            if reaction.user.casefold() == user.casefold() and reaction.content == content:
                return reaction
        return None

    async def add_reaction(
        self, repo: RepoRef, item: ItemRef, comment_id: int, content: str
    ) -> None:
        try:
            await self._on_comment(repo, item, comment_id, "POST", data={"content": content})
        except ValidationFailed as exc:
            raise ValidationFailed(
                exc.status, f"reaction {content!r} refused: {exc.message}"
            ) from exc

    async def close(self) -> None:
        await self._client.close()
