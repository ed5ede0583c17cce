"""Git fetches run under the shared retry policy: a network hiccup is tried again, anything
else fails at once (a missing repository does not get better by waiting)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.retry import RetryPolicy
from bot.workspace.checkout import Workspace
from bot.workspace.git import GitError, GitOptions, git_verdict
from tests.workspace.gitrepo import RemoteRepo

FAST = RetryPolicy(attempts=3, backoff_initial=0.01, backoff_max=0.02)


def _count_fetches(workspace: Workspace, fail_first: int) -> list[str]:
    """Wrap the real git runner: the first `fail_first` fetches fail as a dropped network."""
    calls: list[str] = []
    real_run = workspace.git.run

    async def run(args, **kwargs):  # noqa: ANN001, ANN003, ANN202 - same signature as Git.run
        if args and args[0] == "fetch":
            calls.append(args[0])
            if len(calls) <= fail_first:
                raise GitError(list(args), 128, "fatal: unable to access: Could not resolve "
                               "host: forge.example")
        return await real_run(args, **kwargs)

    workspace.git.run = run  # type: ignore[method-assign]
    workspace.mirrors.retry = FAST
    return calls


async def test_a_fetch_that_lost_the_network_is_tried_again(tmp_path: Path) -> None:
    remote = RemoteRepo(tmp_path)
    head = remote.commit({"app.py": "x = 1\n"}, "first")
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))
    calls = _count_fetches(workspace, fail_first=2)
    mirror = await workspace.mirrors.refresh(remote.url)
    assert len(calls) == 3
    assert (mirror / "refs" / "heads" / "main").read_text().strip() == head


async def test_a_missing_repository_is_not_retried(tmp_path: Path) -> None:
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))
    calls = _count_fetches(workspace, fail_first=0)
    with pytest.raises(GitError):
        await workspace.mirrors.refresh((tmp_path / "nowhere.git").as_uri())
    assert len(calls) == 1


def test_only_network_words_count_as_transient() -> None:
    assert git_verdict(GitError(["fetch"], 128, "fatal: the remote end hung up unexpectedly"))
    assert git_verdict(GitError(["fetch"], 128, "error: RPC failed; HTTP 502")) is not None
    assert git_verdict(GitError(["fetch"], 128, "fatal: repository not found")) is None
    assert git_verdict(GitError(["fetch"], -9, "timed out")) is None  # the budget is spent


def test_waits_grow_are_capped_and_honour_what_the_service_asked() -> None:
    policy = RetryPolicy(backoff_initial=1.0, backoff_max=4.0)
    assert [policy.wait(n, None) for n in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 4.0]
    assert policy.wait(1, 30.0) == 30.0
    capped = RetryPolicy(backoff_initial=1.0, backoff_max=4.0, asked_wait_max=10.0, jitter=True)
    assert capped.wait(1, 30.0, rand=lambda: 0.0) == 10.0
    assert capped.wait(3, None, rand=lambda: 0.0) == 2.0  # jitter keeps half at least
