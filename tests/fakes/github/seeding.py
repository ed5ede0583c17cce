"""Seeding the fake GitHub: users, tokens, repositories, issues, pulls, comments, apps."""

from __future__ import annotations

from pathlib import Path

from tests.fakes.github.state import (
    DEFAULT_INSTALLATION_PERMISSIONS,
    ROLES,
    Issue,
    IssueComment,
    Milestone,
    Pull,
    Reaction,
    Repo,
    ReviewComment,
)


class Seeding:
    """Part of `FakeGitHub` (tests.fakes.github); state and helpers live on the fake."""

    def add_user(self, login: str) -> int:
        return self.state.users.setdefault(login, next(self._ids))

    def add_token(self, login: str = "smith-bot", token: str | None = None) -> str:
        """A personal access token acting as `login`; returns it."""
        self.add_user(login)
        token = token or f"ghp_fake{next(self._ids)}"
        self.state.tokens[token] = login
        return token

    def add_repo(
        self,
        full_name: str,
        *,
        default_branch: str = "main",
        clone_path: str | Path | None = None,
        private: bool = False,
    ) -> Repo:
        """A repository; `clone_path` (a local bare repo) becomes its `file://` clone URL."""
        self.add_user(full_name.split("/", 1)[0])
        clone_url = (
            Path(clone_path).resolve().as_uri()
            if clone_path
            else f"https://github.com/{full_name}.git"
        )
        repo = Repo(full_name, next(self._ids), default_branch, clone_url, private)
        self.state.repos[full_name] = repo
        return repo

    def set_permission(self, repo: str, login: str, role: str) -> None:
        """Make `login` a collaborator with `role` (none/read/triage/write/maintain/admin)."""
        if role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}")
        self.add_user(login)
        self.state.repos[repo].collaborators[login] = role

    def _next_number(self, repo: str) -> int:
        return 1 + max((n for (r, n) in self.state.issues if r == repo), default=0)

    def add_issue(
        self,
        repo: str,
        *,
        title: str = "Something is broken",
        body: str = "",
        author: str = "octocat",
        labels: list[str] | tuple[str, ...] = (),
        milestone: str | None = None,
    ) -> int:
        self.add_user(author)
        number = self._next_number(repo)
        self.state.issues[(repo, number)] = Issue(
            repo, number, title, body, author, list(labels), milestone=milestone
        )
        return number

    def add_milestone(self, repo: str, title: str, *, state: str = "open") -> int:
        number = 1 + max((n for (r, n) in self.state.milestones if r == repo), default=0)
        self.state.milestones[(repo, number)] = Milestone(repo, number, title, state)
        return number

    def close_issue(self, repo: str, number: int, *, commits: tuple[str, ...] = ()) -> None:
        """Close an issue; each commit becomes a `closed` event naming it (none: by hand)."""
        issue = self.state.issues[(repo, number)]
        issue.state, issue.closed_by = "closed", list(commits) or [""]

    def add_pull(
        self,
        repo: str,
        *,
        head: str,
        base: str | None = None,
        title: str = "A change",
        body: str = "",
        author: str = "octocat",
    ) -> int:
        self.add_user(author)
        number = self._next_number(repo)
        base = base or self.state.repos[repo].default_branch
        self.state.issues[(repo, number)] = Issue(repo, number, title, body, author, is_pull=True)
        self.state.pulls[(repo, number)] = Pull(repo, number, head, base, title, body, author)
        return number

    def add_comment(self, repo: str, number: int, body: str, author: str = "octocat") -> int:
        self.add_user(author)
        comment_id = next(self._ids)
        self.state.comments[comment_id] = IssueComment(comment_id, repo, number, author, body)
        return comment_id

    def add_review_comment(
        self,
        repo: str,
        number: int,
        body: str,
        author: str = "octocat",
        *,
        path: str = "README.md",
        line: int | None = 1,
        in_reply_to: int | None = None,
    ) -> int:
        self.add_user(author)
        comment_id = next(self._ids)
        sha = self.state.pulls[(repo, number)].head_sha
        self.state.review_comments[comment_id] = ReviewComment(
            comment_id, repo, number, author, body, path, line, sha, in_reply_to
        )
        return comment_id

    def add_reaction(
        self, comment_id: int, content: str, user: str, *, review: bool = False
    ) -> None:
        self.add_user(user)
        key = ("review_comment" if review else "issue_comment", comment_id)
        self.state.reactions.setdefault(key, []).append(Reaction(next(self._ids), user, content))

    def add_app(self, app_id: int | str, public_key_pem: str | bytes) -> None:
        """Register a GitHub App by its public key (JWTs must be signed with its private key)."""
        pem = public_key_pem.decode() if isinstance(public_key_pem, bytes) else public_key_pem
        self.state.apps[str(app_id)] = pem

    def add_installation(
        self, app_id: int | str, repos: list[str], permissions: dict[str, str] | None = None
    ) -> int:
        installation_id = next(self._ids)
        self.state.installations[installation_id] = str(app_id)
        self.state.installation_permissions[installation_id] = dict(
            permissions or DEFAULT_INSTALLATION_PERMISSIONS
        )
        for name in repos:
            self.state.repos[name].installation_id = installation_id
        return installation_id

    def labels_of(self, repo: str, number: int) -> list[str]:
        return list(self.state.issues[(repo, number)].labels)

    def comments_on(self, repo: str, number: int) -> list[IssueComment]:
        return [c for c in self.state.comments.values() if c.repo == repo and c.number == number]
