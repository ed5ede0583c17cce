"""Coverage campaigns on a schedule: which repositories are due, and their queued runs.

Once an hour (bot/chains/tests/jobs.py) every repository Smith knows on every forge is asked
what its default branch's `.smith.yml` says (`testgen.coverage_schedule`, read from the mirror,
which a fetch keeps current: no checkout, no forge file API). A repository whose schedule
names a time with no campaign run queued since gets a run of the test-generation chain for
the subject `campaign tests:coverage`, queued with its job and an audit row in one
transaction. One live run per subject holds here too: while a campaign still runs, the next
one is not queued (the tick after it ends catches up, once).

A campaign has no issue: its change request carries the report, and without one the report
stays in the run's reason (`smith runs`, the dashboard) and the worker's log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import structlog

from bot import tracing
from bot.chains.tests.graph import TESTS
from bot.cron import due
from bot.forge.base import Forge, GitCredentials, RepoRef
from bot.forge.errors import ForgeError
from bot.repo_config import CONFIG_FILE, RepoConfig, RepoConfigError, load_repo_config
from bot.services import Runtime
from bot.store.audit import AuditEntry, append_audit
from bot.store.deliveries import known_repositories
from bot.store.queue import RUN_CHAIN, defer_in_transaction, subject_lock
from bot.store.runs import create_run, live_run, newest_run_created
from bot.subjects import Subject
from bot.workspace.checkout import Workspace
from bot.workspace.git import GitError, GitOptions

log = structlog.get_logger(__name__)

COVERAGE = Subject.campaign("tests:coverage")
CONFIG_MAX_BYTES = 1 << 20


@dataclass
class CampaignSweep:
    """What one pass did: runs queued, and why other repositories got none."""

    queued: dict[str, int] = field(default_factory=dict)
    """`forge:repo` → the run queued for it."""
    skipped: dict[str, str] = field(default_factory=dict)
    """`forge:repo` → why not (no schedule, not due, a live campaign, unreadable config)."""


def campaign_params(slot: datetime, schedule: str) -> dict[str, object]:
    """The run's state: a coverage campaign named by the day of its slot (file names, branch
    and title), so next week's files and branch never overwrite this week's."""
    day = slot.date().isoformat()
    return {"tests_coverage": True, "tests_task": f"the coverage campaign of {day}",
            "tests_tag": f"coverage{day.replace('-', '')}",
            "tests_branch": f"smith/tests-coverage-{day}",
            "campaign": {"schedule": schedule, "due": slot.isoformat()}}


async def default_branch_config(workspace: Workspace, forge: Forge,
                                repo: RepoRef) -> RepoConfig:
    """`.smith.yml` at the tip of the default branch, from the refreshed mirror."""
    branch = await forge.default_branch(repo)
    url = await forge.clone_url(repo)
    pushing = await forge.push_credentials(repo)  # git reads with what it pushes with
    credentials = (GitCredentials(pushing.username, pushing.password)
                   if pushing is not None else None)
    mirror = await workspace.mirrors.refresh(url, credentials)
    text = await workspace.mirrors.read_file(mirror, branch, CONFIG_FILE,
                                             max_bytes=CONFIG_MAX_BYTES)
    return load_repo_config(text)


async def schedule_campaigns(runtime: Runtime, *, now: datetime) -> CampaignSweep:
    """One pass over every known repository of every forge; `now` is the tick's time."""
    settings = runtime.settings
    workspace = Workspace(settings.workspace_dir, GitOptions(
        allowed_protocols=tuple(settings.git_allowed_protocols),
        timeout_seconds=settings.git_timeout_seconds))
    sweep = CampaignSweep()
    for forge_name, forge in runtime.forges.items():
        async with runtime.db.transaction() as session:
            repos = await known_repositories(session, forge_name)
        for name in sorted(repos):
            repo = RepoRef(forge_name, name)  # type: ignore[arg-type]  # a forge's own name
            why = await _consider(runtime, workspace, forge, repo, now, sweep)
            if why is not None:
                sweep.skipped[f"{forge_name}:{name}"] = why
    log.info("campaigns_scheduled", queued=sweep.queued, skipped=len(sweep.skipped))
    return sweep


async def _consider(runtime: Runtime, workspace: Workspace, forge: Forge, repo: RepoRef,
                    now: datetime, sweep: CampaignSweep) -> str | None:
    """Queue the repository's campaign if it is due; else why not."""
    db = runtime.db
    async with db.transaction() as session:
        if await live_run(session, forge=repo.forge, repo=repo.full_name, subject=COVERAGE):
            return "a campaign is still live"  # no fetch needed to know that
    try:
        config = await default_branch_config(workspace, forge, repo)
    except (ForgeError, GitError, OSError, ValueError) as exc:  # RepoConfigError is one
        kind = "bad_config" if isinstance(exc, RepoConfigError) else "unreadable"
        log.warning("campaign_config_unreadable", forge=repo.forge, repo=repo.full_name,
                    problem=kind, error=str(exc)[:500])
        return f"{kind}: {str(exc)[:200]}"
    schedule = config.testgen.coverage_schedule
    if schedule is None:
        return "no coverage_schedule"
    async with db.transaction() as session:
        last = await newest_run_created(session, forge=repo.forge, repo=repo.full_name,
                                        subject=COVERAGE)
        slot = due(schedule, now, last)
        if slot is None:
            return "not due"
        run = await create_run(session, forge=repo.forge, repo=repo.full_name, chain=TESTS.name,
                               summoned_by=None, subject=COVERAGE,
                               params=campaign_params(slot, schedule))
        if run is None:
            return "a campaign is still live"
        await defer_in_transaction(session, RUN_CHAIN, {"run_id": run.id, **tracing.job_args()},
                                   lock=subject_lock(repo.forge, repo.full_name, COVERAGE))
        await append_audit(session, [AuditEntry(
            kind="campaign_queued", outcome="queued", forge=repo.forge, repo=repo.full_name,
            actor=runtime.settings.bot_account, subject=COVERAGE.label(),
            detail={"run": run.id, "schedule": schedule, "due": slot.isoformat()})])
    sweep.queued[f"{repo.forge}:{repo.full_name}"] = run.id
    log.info("campaign_queued", run=run.id, forge=repo.forge, repo=repo.full_name,
             schedule=schedule, due=slot.isoformat())
    return None
