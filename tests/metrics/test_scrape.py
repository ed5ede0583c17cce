"""The store's series as Prometheus sees them: repositories folded, gates counted, the queue
always present; no database needed (the snapshot is what a scrape read)."""

from __future__ import annotations

from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from bot import metrics
from bot.scrape import STORE_SERIES, StoreSnapshot, exposition_registry, families
from bot.store.observed import STEP_BUCKETS_SECONDS, Count, Spend, StepDurations, Usage


def samples(snapshot: StoreSnapshot) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    text = generate_latest(exposition_registry(snapshot)).decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def usage(repo: str, cost: float) -> Usage:
    return Usage(chain="fix", step="diagnose", repo=repo, calls=1, input_tokens=10,
                 output_tokens=5, cache_read_tokens=0, cache_write_tokens=0, cost_usd=cost)


def test_repositories_beyond_the_top_ones_are_summed_as_other():
    snapshot = StoreSnapshot(
        top=frozenset({"acme/app"}),
        usage=[usage("acme/app", 1.0), usage("evil/<script>", 2.0), usage("x/y", 0.5)],
        spend=[Spend("day", "x/y", 0.25, 7), Spend("day", "z/z", 0.5, 3)],
    )
    got = samples(snapshot)
    cost = {labels: v for (name, labels), v in got.items() if name == "smith_cost_dollars_total"}
    assert cost == {
        (("chain", "fix"), ("repository", "acme/app"), ("step", "diagnose")): 1.0,
        (("chain", "fix"), ("repository", "other"), ("step", "diagnose")): 2.5,
    }
    assert got[("smith_spend_dollars", (("period", "day"), ("repository", "other")))] == 0.75
    assert got[("smith_spend_tokens", (("period", "day"), ("repository", "other")))] == 10


def test_a_try_stopped_at_a_gate_passed_the_gates_before_it():
    snapshot = StoreSnapshot(top=frozenset(), test_file_tries=[
        Count(("kept", ""), 2), Count(("rejected", "stable"), 3), Count(("rejected", "writer"), 1),
    ])
    got = {labels: v for (name, labels), v in samples(snapshot).items()
           if name == "smith_gate_outcomes_total"}
    assert got[(("gate", "collect"), ("outcome", "passed"))] == 5
    assert got[(("gate", "green"), ("outcome", "passed"))] == 5
    assert got[(("gate", "stable"), ("outcome", "failed"))] == 3
    assert got[(("gate", "stable"), ("outcome", "passed"))] == 2
    assert got[(("gate", "reviewer"), ("outcome", "passed"))] == 2
    assert got[(("gate", "writer"), ("outcome", "failed"))] == 1
    assert (("gate", "reviewer"), ("outcome", "failed")) not in got


def test_step_durations_are_a_histogram_and_the_empty_queue_is_zero():
    buckets = tuple(1 if bound >= 30 else 0 for bound in STEP_BUCKETS_SECONDS)
    snapshot = StoreSnapshot(top=frozenset(), durations=[
        StepDurations("fix", "quality", "rejected", 1, 25.5, buckets)])
    got = samples(snapshot)
    key = (("chain", "fix"), ("outcome", "rejected"), ("step", "quality"))
    assert got[("smith_step_duration_seconds_bucket", (*key[:1], ("le", "15.0"), *key[1:]))] == 0
    assert got[("smith_step_duration_seconds_bucket", (*key[:1], ("le", "30.0"), *key[1:]))] == 1
    assert got[("smith_step_duration_seconds_count", key)] == 1
    assert got[("smith_step_duration_seconds_sum", key)] == 25.5
    assert got[("smith_queue_jobs", (("queue", "smith"), ("status", "todo")))] == 0
    assert got[("smith_queue_oldest_job_age_seconds", (("queue", "smith.events"),))] == 0


def test_every_family_is_named_in_store_series():
    exported = {family.name + ("_total" if family.type == "counter" else "")
                for family in families(StoreSnapshot(top=frozenset()))}
    assert exported == set(STORE_SERIES)


def test_a_model_error_reason_is_a_status_or_connection():
    metrics.model_error("diagnose", "529 overloaded_error")
    metrics.model_error("diagnose", "connection error (ConnectError)")
    metrics.model_error("diagnose", "<b>anything an error said</b>")
    reasons = {s.labels["reason"] for family in metrics.PROCESS.collect()
               if family.name == "smith_model_errors" for s in family.samples
               if s.labels.get("step") == "diagnose"}
    assert reasons == {"529", "connection"}


def test_the_dollar_caps_of_the_settings_are_gauges_the_alerts_divide_by():
    from bot.config import BudgetSettings, PeriodCaps

    shown = metrics.Metrics()
    shown.show_caps(BudgetSettings(
        installation=PeriodCaps(day_usd=50, month_usd=900),
        repository=PeriodCaps(day_usd=5, day_tokens=10_000),
        repositories={"octo/big": PeriodCaps(month_usd=300)}))

    text = generate_latest(shown.registry).decode()
    caps = {tuple(sorted(s.labels.items())): s.value
            for family in text_string_to_metric_families(text)
            if family.name == "smith_budget_cap_dollars" for s in family.samples}
    assert caps == {(("period", "day"), ("scope", "installation")): 50.0,
                    (("period", "month"), ("scope", "installation")): 900.0,
                    (("period", "day"), ("scope", "each_repository")): 5.0,
                    (("period", "month"), ("scope", "octo/big")): 300.0}
