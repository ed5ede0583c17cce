"""A run's step executions laid out as a Gantt picture: one bar per execution, placed by its
start and end time. Pure geometry; the template draws the SVG and escapes every label."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

LABEL_WIDTH = 190
CHART_WIDTH = 860
NOTE_WIDTH = 150
ROW_HEIGHT = 26
BAR_HEIGHT = 16
TOP = 8
AXIS_HEIGHT = 28
MIN_BAR_WIDTH = 3.0
TICKS = 5

STATUS_COLOURS = {
    "passed": "#2e7d32",
    "rejected": "#ef6c00",
    "failed": "#c62828",
    "waiting": "#6a1b9a",
    "skipped": "#9e9e9e",
    "running": "#1565c0",
}
OTHER_COLOUR = "#546e7a"


@dataclass(frozen=True)
class StepExecution:
    """What the timeline needs of a `steps` row."""

    name: str
    attempt: int
    status: str
    verdict: str | None
    started_at: datetime
    finished_at: datetime | None
    duration_ms: int | None


@dataclass(frozen=True)
class Bar:
    name: str
    attempt: int
    label: str
    status: str
    verdict: str | None
    colour: str
    x: float
    y: float
    width: float
    row: int
    duration_ms: int
    open_ended: bool

    @property
    def note(self) -> str:
        """Text right of the bar: the verdict when there is one, else the status."""
        return self.verdict or self.status

    @property
    def text_y(self) -> float:
        return self.y + BAR_HEIGHT - 4


@dataclass(frozen=True)
class Tick:
    x: float
    label: str


@dataclass(frozen=True)
class Timeline:
    width: int
    height: int
    chart_left: int
    chart_width: int
    axis_y: float
    bars: list[Bar]
    ticks: list[Tick]
    legend: list[tuple[str, str]]


def build_timeline(executions: Sequence[StepExecution], *, now: datetime) -> Timeline:
    """Bars in start order; an execution without an end (running, waiting for a human) runs to
    `now`, one with a recorded duration but no end uses the duration."""
    ordered = sorted(executions, key=lambda e: e.started_at)
    spans = [(execution, execution.started_at, _end(execution, now)) for execution in ordered]
    if spans:
        origin = min(start for _, start, _ in spans)
        total_ms = max(max(_ms(end - origin) for _, _, end in spans), 1)
    else:
        origin, total_ms = now, 1
    repeated = Counter(execution.name for execution in ordered)
    scale = CHART_WIDTH / total_ms
    bars = []
    for row, (execution, start, end) in enumerate(spans):
        x = LABEL_WIDTH + min(_ms(start - origin) * scale, CHART_WIDTH - MIN_BAR_WIDTH)
        width = min(max(_ms(end - start) * scale, MIN_BAR_WIDTH), LABEL_WIDTH + CHART_WIDTH - x)
        bars.append(Bar(
            name=execution.name, attempt=execution.attempt,
            label=(f"{execution.name} #{execution.attempt}"
                   if repeated[execution.name] > 1 or execution.attempt > 1 else execution.name),
            status=execution.status, verdict=execution.verdict,
            colour=STATUS_COLOURS.get(execution.status, OTHER_COLOUR),
            x=round(x, 1), y=TOP + row * ROW_HEIGHT, width=round(width, 1),
            row=row, duration_ms=_ms(end - start), open_ended=execution.finished_at is None
            and execution.duration_ms is None,
        ))
    axis_y = TOP + len(bars) * ROW_HEIGHT + 4
    ticks = [
        Tick(x=round(LABEL_WIDTH + CHART_WIDTH * index / (TICKS - 1), 1),
             label=format_duration(total_ms * index // (TICKS - 1)))
        for index in range(TICKS)
    ]
    return Timeline(
        width=LABEL_WIDTH + CHART_WIDTH + NOTE_WIDTH, height=int(axis_y + AXIS_HEIGHT),
        chart_left=LABEL_WIDTH, chart_width=CHART_WIDTH, axis_y=axis_y, bars=bars, ticks=ticks,
        legend=list(STATUS_COLOURS.items()),
    )


def format_duration(milliseconds: float | None) -> str:
    """`850ms`, `12.3s`, `4m 05s`, `2h 03m`: short enough for an axis label."""
    if milliseconds is None:
        return "-"
    ms = int(milliseconds)
    if ms < 1000:
        return f"{ms}ms"
    if ms < 60_000:
        return f"{ms / 1000:.1f}s"
    minutes, seconds = divmod(ms // 1000, 60)
    if minutes < 60:
        return f"{minutes}m {seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"


def _end(execution: StepExecution, now: datetime) -> datetime:
    if execution.finished_at is not None:
        end = execution.finished_at
    elif execution.duration_ms is not None:
        end = execution.started_at + timedelta(milliseconds=execution.duration_ms)
    else:
        end = now
    return max(end, execution.started_at)


def _ms(delta: timedelta) -> int:
    return int(delta.total_seconds() * 1000)
