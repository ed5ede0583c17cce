"""The series `/metrics` reads from the store when scraped: steps, tokens, dollars, runs, the
validator, the test-generation gates, spend this day and month, and the job queue.

They are the installation's, the same from every process that is scraped (aggregate them with
`max without (instance)`), and they survive restarts because the rows do. Repositories are a
label of bounded cardinality: the `top` repositories with the most runs by name, the rest
`other`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from sqlalchemy.ext.asyncio import AsyncSession

from bot.stats.testgen import GATES, KEPT, NO_FILE
from bot.store import observed
from bot.store.queue import QUEUES

OTHER = "other"
TOKEN_KINDS = ("input", "output", "cache_read", "cache_write")

STORE_SERIES = (
    "smith_step_duration_seconds", "smith_step_executions_total", "smith_model_calls_total",
    "smith_tokens_total", "smith_cost_dollars_total", "smith_runs_finished_total",
    "smith_validator_outcomes_total", "smith_gate_outcomes_total", "smith_spend_dollars",
    "smith_spend_tokens", "smith_queue_jobs", "smith_queue_oldest_job_age_seconds",
)
"""Every name this module exports (the deploy files' test checks their expressions against
them)."""


@dataclass
class StoreSnapshot:
    """What one scrape read, before repositories are folded."""

    top: frozenset[str]
    durations: list[observed.StepDurations] = field(default_factory=list)
    usage: list[observed.Usage] = field(default_factory=list)
    step_outcomes: list[observed.Count] = field(default_factory=list)
    validations: list[observed.Count] = field(default_factory=list)
    test_file_tries: list[observed.Count] = field(default_factory=list)
    runs_finished: list[observed.Count] = field(default_factory=list)
    spend: list[observed.Spend] = field(default_factory=list)
    queue: list[observed.QueueState] = field(default_factory=list)
    queue_age: dict[str, float] = field(default_factory=dict)


async def read_store(session: AsyncSession, top: int) -> StoreSnapshot:
    return StoreSnapshot(
        top=frozenset(await observed.busiest_repos(session, top)),
        durations=await observed.step_durations(session),
        usage=await observed.usage(session),
        step_outcomes=await observed.step_outcomes(session),
        validations=await observed.validations(session),
        test_file_tries=await observed.test_file_tries(session),
        runs_finished=await observed.runs_finished(session),
        spend=await observed.spend(session),
        queue=await observed.queue_depth(session),
        queue_age=await observed.queue_age(session),
    )


def families(snapshot: StoreSnapshot) -> list[Metric]:
    """The snapshot as metric families, repositories folded into the top ones and `other`."""
    repo = _Folder(snapshot.top)
    return [
        _durations(snapshot.durations),
        _counter("smith_step_executions", "Finished step executions by chain, step and "
                 "outcome (passed, rejected, waiting, failed, skipped).",
                 ("chain", "step", "outcome"),
                 ((c.labels, c.value) for c in snapshot.step_outcomes)),
        *_usage(snapshot.usage, repo),
        _counter("smith_runs_finished", "Finished runs by chain, repository, status "
                 "(succeeded, failed, cancelled) and outcome (change_request, "
                 "budget_exhausted, …).", ("chain", "repository", "status", "outcome"),
                 (((c.labels[0], repo(c.labels[1]), *c.labels[2:]), c.value)
                  for c in snapshot.runs_finished)),
        _counter("smith_validator_outcomes", "Validator verdicts by chain: passed, or the "
                 "reason code of a rejection.", ("chain", "outcome"),
                 ((c.labels, c.value) for c in snapshot.validations)),
        _counter("smith_gate_outcomes", "The test-generation gates' verdicts on each try at "
                 "a test file: per gate, passed or failed.", ("gate", "outcome"),
                 _gate_outcomes(snapshot.test_file_tries)),
        *_spend(snapshot.spend, repo),
        *_queue(snapshot.queue, snapshot.queue_age),
    ]


def exposition_registry(snapshot: StoreSnapshot) -> CollectorRegistry:
    """A throw-away registry holding the snapshot's families, for `generate_latest`."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Fixed(families(snapshot)))
    return registry


class _Fixed(Collector):
    def __init__(self, metrics: list[Metric]) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        return iter(self.metrics)


class _Folder:
    """A repository's label: itself when among the top ones, else `other`."""

    def __init__(self, top: frozenset[str]) -> None:
        self.top = top

    def __call__(self, repo: str) -> str:
        return repo if repo in self.top else OTHER


Labels = tuple[str, ...]


def _counter(name: str, documentation: str, labels: tuple[str, ...],
             values: Iterable[tuple[Labels, float]]) -> Metric:
    return _filled(CounterMetricFamily(name, documentation, labels=list(labels)), values)


def _gauge(name: str, documentation: str, labels: tuple[str, ...],
           values: Iterable[tuple[Labels, float]]) -> Metric:
    return _filled(GaugeMetricFamily(name, documentation, labels=list(labels)), values)


def _filled(family: CounterMetricFamily | GaugeMetricFamily,
            values: Iterable[tuple[Labels, float]]) -> Metric:
    """The family with one sample per label set, values of equal label sets summed (the
    repositories folded into `other`)."""
    for key, value in _summed(values).items():
        family.add_metric(list(key), value)
    return family


def _summed(values: Iterable[tuple[Labels, float]]) -> dict[Labels, float]:
    sums: dict[Labels, float] = defaultdict(float)
    for key, value in values:
        sums[key] += value
    return dict(sorted(sums.items()))


def _durations(rows: list[observed.StepDurations]) -> HistogramMetricFamily:
    family = HistogramMetricFamily(
        "smith_step_duration_seconds", "How long step executions took, by chain, step and "
        "outcome.", labels=["chain", "step", "outcome"])
    for row in rows:
        buckets = [(_bound(bound), float(count))
                   for bound, count in zip(observed.STEP_BUCKETS_SECONDS, row.buckets,
                                           strict=True)]
        buckets.append(("+Inf", float(row.count)))
        family.add_metric([row.chain, row.step, row.outcome], buckets, row.sum_seconds)
    return family


def _bound(value: float) -> str:
    return str(float(value))


def _usage(rows: list[observed.Usage], repo: _Folder) -> list[Metric]:
    calls, tokens, cost = [], [], []
    for row in rows:
        key = (row.chain, row.step, repo(row.repo))
        calls.append((key, float(row.calls)))
        cost.append((key, row.cost_usd))
        for kind, value in zip(TOKEN_KINDS, (row.input_tokens, row.output_tokens,
                                             row.cache_read_tokens, row.cache_write_tokens),
                               strict=True):
            tokens.append(((*key, kind), float(value)))
    labels = ("chain", "step", "repository")
    return [
        _counter("smith_model_calls", "Model requests answered, by chain, step and "
                 "repository.", labels, calls),
        _counter("smith_tokens", "Model tokens by chain, step, repository and kind (input, "
                 "output, cache_read, cache_write).", (*labels, "kind"), tokens),
        _counter("smith_cost_dollars", "What the model calls cost in US dollars (priced by "
                 "the settings' price table), by chain, step and repository.", labels, cost),
    ]


def _gate_outcomes(tries: list[observed.Count]) -> Iterator[tuple[Labels, float]]:
    """A try stopped at gate N passed the gates before it; a kept one passed them all."""
    for count in tries:
        status, failed_gate = count.labels
        passed: tuple[str, ...]
        if status == KEPT:
            passed = GATES
        elif failed_gate in GATES:
            passed = GATES[:GATES.index(failed_gate)]
            yield (failed_gate, "failed"), count.value
        else:  # the writer wrote no file (NO_FILE), or an unknown word: no gate saw it
            yield (NO_FILE if failed_gate in ("", NO_FILE) else "unknown", "failed"), count.value
            continue
        for gate in passed:
            yield (gate, "passed"), count.value


def _spend(rows: list[observed.Spend], repo: _Folder) -> list[Metric]:
    labels = ("period", "repository")
    return [
        _gauge("smith_spend_dollars", "Model spend in US dollars this UTC day and month, by "
               "repository (sum them for the installation).", labels,
               (((row.period, repo(row.repo)), row.cost_usd) for row in rows)),
        _gauge("smith_spend_tokens", "Model tokens (input + output) this UTC day and month, "
               "by repository.", labels,
               (((row.period, repo(row.repo)), float(row.tokens)) for row in rows)),
    ]


def _queue(rows: list[observed.QueueState], ages: dict[str, float]) -> list[Metric]:
    # Every queue and state is present (zero when empty), so an alert sees the queue drain.
    depth: list[tuple[Labels, float]] = [((queue, status), 0.0) for queue in QUEUES
                                         for status in ("todo", "doing")]
    depth += [((row.queue, row.status), float(row.jobs)) for row in rows]
    return [
        _gauge("smith_queue_jobs", "Jobs in the queue by queue and state (todo: waiting, "
               "doing: taken by a worker).", ("queue", "status"), depth),
        _gauge("smith_queue_oldest_job_age_seconds", "How long the oldest job due to run has "
               "waited, by queue (0 when none waits).", ("queue",),
               [((queue,), ages.get(queue, 0.0)) for queue in QUEUES]),
    ]
