"""Git's network calls (fetch, ls-remote, push) run under the shared retry policy: a network
hiccup is tried again, anything else fails at once (a missing repository does not get better
by waiting), and a push whose answer was lost is not pushed twice."""

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

    async def run(args, **kwargs):
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


LOST = "fatal: the remote end hung up unexpectedly"


async def _checkout_with_flaky_network(tmp_path: Path, fail: dict[str, int],
                                       land_first: bool = False):
    """A checkout on a fresh branch with one new commit, whose git runner drops the network
    on the first `fail[command]` calls of each command (after running it, with
    `land_first`: the answer is lost, not the push)."""
    remote = RemoteRepo(tmp_path)
    remote.commit({"app.py": "x = 1\n"}, "first")
    workspace = Workspace(tmp_path / "ws", GitOptions(allowed_protocols=("file",)))
    checkout = await workspace.create_checkout(remote.url, "main", new_branch="smith/1-fix")
    (checkout.path / "app.py").write_text("x = 2\n")
    head = await checkout.commit("fix")
    calls: list[str] = []
    real_run = workspace.git.run

    async def run(args, **kwargs):
        command = args[0] if args else ""
        if command in fail:
            calls.append(command)
            if calls.count(command) <= fail[command]:
                if land_first:
                    await real_run(args, **kwargs)
                raise GitError(list(args), 128, LOST)
        return await real_run(args, **kwargs)

    workspace.git.run = run  # type: ignore[method-assign]
    checkout.git = workspace.git
    checkout.retry = FAST
    return remote, checkout, head, calls


async def test_a_push_that_lost_the_network_is_tried_again(tmp_path: Path) -> None:
    remote, checkout, head, calls = await _checkout_with_flaky_network(tmp_path, {"push": 2})
    await checkout.push(remote.url, force=True, lease="")
    assert calls.count("push") == 3
    assert remote.branch_head("smith/1-fix") == head


async def test_a_push_whose_answer_was_lost_is_not_pushed_again(tmp_path: Path) -> None:
    """The first push landed but its answer did not: the retry sees the branch already at the
    commit and stops, instead of failing on its own lease."""
    remote, checkout, head, calls = await _checkout_with_flaky_network(
        tmp_path, {"push": 1}, land_first=True)
    await checkout.push(remote.url, force=True, lease="")
    assert calls.count("push") == 1
    assert remote.branch_head("smith/1-fix") == head


async def test_ls_remote_is_retried_and_a_lease_still_protects_others_commits(
        tmp_path: Path) -> None:
    remote, checkout, head, calls = await _checkout_with_flaky_network(tmp_path, {"ls-remote": 1})
    assert await checkout.remote_head(remote.url, branch="main") == remote.branch_head("main")
    assert calls == ["ls-remote", "ls-remote"]
    someone = remote.commit({"other.py": "y = 1\n"}, "theirs", branch="smith/1-fix")
    with pytest.raises(GitError):  # not transient: the lease is refused at once
        await checkout.push(remote.url, force=True, lease="")
    assert remote.branch_head("smith/1-fix") == someone != head


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
