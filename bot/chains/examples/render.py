"""Texts of the examples chain: the change request body and the below-threshold comment.

Only counts, rates, hashes and the critic's tree of input classes appear here, never an
example; the engine checks every text against the held-out part before it is posted.
"""

from __future__ import annotations

from bot.chains.examples.state import ClassRow, ExamplesState, Iteration
from bot.repo_config import ExamplesConfig
from bot.text.markers import marker


def _rate(value: float | int | None) -> str:
    return "–" if value is None else f"{float(value) * 100:.1f} %"


def _pair(metrics: dict[str, float | int] | None, name: str) -> str:
    if not metrics:
        return "–"
    return f"{_rate(metrics[name])} (≥ {_rate(metrics[f'{name}_lower'])})"


def iterations_table(iterations: list[Iteration]) -> str:
    lines = ["| # | round | training recall | training precision | held-out recall "
             "| held-out precision |", "|---|---|---|---|---|---|"]
    for it in iterations:
        train = it.train or {}
        lines.append(f"| {it.number} | {it.round} | {_rate(train.get('recall'))} | "
                     f"{_rate(train.get('precision'))} | {_pair(it.held_out, 'recall')} | "
                     f"{_pair(it.held_out, 'precision')} |" + (f" {it.note}" if it.note else ""))
    lines.append("")
    lines.append("Held-out figures: point value, with the 95 % Wilson lower bound in brackets.")
    return "\n".join(lines)


def thresholds_text(spec: ExamplesConfig, state: ExamplesState) -> str:
    t = spec.thresholds
    return (f"Thresholds fixed before generation: training recall ≥ {_rate(t.train_recall)}, "
            f"precision ≥ {_rate(t.train_precision)}; held-out recall ≥ "
            f"{_rate(t.held_out_recall)}, precision ≥ {_rate(t.held_out_precision)}. "
            f"Limits: {spec.limits.artefact_rounds} artefact rounds, "
            f"{spec.limits.companion_rounds} companion-code rounds.\n"
            f"Acceptance hash: `{state.acceptance_hash}`\n"
            f"Held-out part: {state.held_out_size} examples ({state.held_out_positives} "
            f"positive, {state.held_out_negatives} negative), hash `{state.held_out_hash}`; "
            f"training part: {state.train_size} examples.\n"
            f"Moved to training: {state.quoted_to_training} examples quoted by the task, the "
            f"contract or the rules (before the seeded split; the held-out share was drawn "
            f"from the rest), and {state.moved_to_training} contained in a training example.")


def classes_table(state: ExamplesState) -> str:
    if not state.classes:
        return "_No input classes were checked._"
    lines = ["| class | inputs | expected | covering test | passes | shown by code |",
             "|---|---|---|---|---|---|"]
    for row in state.classes:
        test = f"`{row.test}`" if row.test else "–"
        lines.append(f"| {row.id} | {_cell(row.description)} | {_cell(row.expected)} | {test} "
                     f"| {'✅' if row.passed else '❌'} | {_shown(row)} |")
    lines += ["", "Shown by code: the covering test failed on a variant of the artefact that "
              "mishandles the class (its answer flipped on the class's inputs the test uses); "
              "❌ means the claimed test still passed there, so it does not check the class. "
              f"Claims refuted by code over the run: {state.claims_refuted}."]
    return "\n".join(lines)


def _shown(row: ClassRow) -> str:
    if row.shown is None:
        return "not checkable" if row.passed else "–"
    return "✅" if row.shown else "❌ claim did not hold"


def trees_text(state: ExamplesState) -> str:
    """The author's tree against the critic's: what diverges now, and what was fed back."""
    if state.divergence:
        lines = ["The author's tree of branches and the critic's independent tree still "
                 "diverge (the generator was told, and the companion rounds ran out):", ""]
        lines += [f"- {_cell(line)}" for line in state.divergence]
    else:
        lines = ["The author's tree of branches names every class of the critic's tree that "
                 "a test covers, and no branch the critic's tree lacks."]
    if state.divergence_history:
        lines += ["", "Divergences fed back to the generator before acceptance:", ""]
        lines += [f"- {_cell(line)}" for line in state.divergence_history]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def suite_text(state: ExamplesState) -> str:
    suite = state.suite
    if not suite:
        return "_The repository's own test command did not run._"
    if suite.get("passed"):
        return (f"The repository's own test command passed on this branch "
                f"({suite.get('tests', 0)} tests).")
    return (f"The repository's own test command failed on this branch: "
            f"{suite.get('failing', 0)} of {suite.get('tests', 0)} tests failing.")


def change_request_body(*, run_id: int, issue_number: int, summary: str,
                        spec: ExamplesConfig, state: ExamplesState) -> str:
    checks = state.leak_checks
    return "\n\n".join([
        f"Closes #{issue_number}.",
        f"**{spec.artefact}** — {summary}",
        "### Metrics per iteration", iterations_table(state.iterations),
        "### Acceptance", thresholds_text(spec, state),
        "### Input classes and their covering tests", classes_table(state),
        "### The author's tree and the critic's tree", trees_text(state),
        "### The repository's own tests", suite_text(state),
        "### Leak checks",
        f"No held-out example in the diff, in {checks.get('requests_checked', 0)} model "
        f"requests or in Smith's comments; the canary planted in the held-out part was seen "
        f"by the check. The critic's observations dropped for quoting or paraphrasing a "
        f"held-out example: {state.observations_dropped}.",
        f"<sub>Smith run {run_id} · held-out acceptance chain</sub>",
    ])


def below_threshold_comment(*, run_id: int, spec: ExamplesConfig, state: ExamplesState,
                            reason: str, command: str, kind: str = "below_threshold") -> str:
    return "\n\n".join([
        marker("failure", run=run_id, kind=kind),
        f"### Smith did not open a change request\n\n{reason}",
        "### Metrics per iteration", iterations_table(state.iterations),
        thresholds_text(spec, state),
        f"Improve the task or the examples and run again with `{command} retry`, or relabel "
        f"the issue. <sub>Smith run {run_id}</sub>",
    ])
