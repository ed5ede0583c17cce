"""Chart geometry for the dashboard: horizontal bars (funnels), columns per day (stacked by a
key), duration spreads per step on a log scale, and lines per iteration with thresholds.

Pure functions from numbers to coordinates; `templates/charts.html` draws them as inline SVG
(no script, no external asset: the CSP allows neither) and escapes every label.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

WIDTH = 600
LEFT = 64
RIGHT = 16
TOP = 12
PLOT_HEIGHT = 180
AXIS = 24
LEGEND_ROW = 18
PALETTE = ("#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a", "#c62828", "#00838f", "#8d6e63",
           "#546e7a")
"""Series colours in order; keys beyond the palette share its last colour."""
MAX_X_LABELS = 10


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True)
class Rule:
    """A horizontal line across the plot: a cap or a threshold."""

    y: float
    label: str
    colour: str


@dataclass(frozen=True)
class HBar:
    label: str
    shown: str
    y: float
    width: float
    colour: str


@dataclass(frozen=True)
class HBarChart:
    bars: list[HBar]
    width: int
    height: int
    label_width: int

    @property
    def has_data(self) -> bool:
        return any(bar.width > 0 for bar in self.bars)


def hbars(items: Sequence[tuple[str, float, str]], *, label_width: int = 170,
          colour: str = PALETTE[0]) -> HBarChart:
    """One bar per (label, value, text shown after the bar), widths relative to the largest."""
    plot = WIDTH - label_width - 110
    top = max((value for _, value, _ in items), default=0.0)
    bars = [HBar(label=label, shown=shown, y=TOP + index * 26,
                 width=plot * value / top if top > 0 else 0.0, colour=colour)
            for index, (label, value, shown) in enumerate(items)]
    return HBarChart(bars=bars, width=WIDTH, height=TOP * 2 + 26 * len(items),
                     label_width=label_width)


@dataclass(frozen=True)
class Segment:
    x: float
    y: float
    width: float
    height: float
    colour: str
    title: str


@dataclass(frozen=True)
class ColumnChart:
    segments: list[Segment]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    legend: list[tuple[str, str]]
    rules: list[Rule]
    width: int
    height: int
    plot_bottom: float

    @property
    def has_data(self) -> bool:
        return bool(self.segments)


def columns(days: Sequence[date], series: Mapping[str, Sequence[float]], *,
            shown: Callable[[float], str], caps: Sequence[tuple[str, float]] = ()
            ) -> ColumnChart:
    """One column per day, stacked by key in `series` order; `caps` are drawn as rules."""
    totals = [sum(values[i] for values in series.values()) for i in range(len(days))]
    top = _nice(max([*totals, *(cap for _, cap in caps), 0.0]))
    bottom = TOP + PLOT_HEIGHT
    step = (WIDTH - LEFT - RIGHT) / max(len(days), 1)
    colours = {key: PALETTE[min(i, len(PALETTE) - 1)] for i, key in enumerate(series)}
    segments = []
    for index, day in enumerate(days):
        base = float(bottom)
        for key, values in series.items():
            value = values[index]
            if value <= 0:
                continue
            height = PLOT_HEIGHT * value / top
            base -= height
            segments.append(Segment(x=LEFT + index * step + step * 0.15, y=base,
                                    width=max(step * 0.7, 1.0), height=height,
                                    colour=colours[key],
                                    title=f"{day.isoformat()} {key}: {shown(value)}"))
    every = max(1, math.ceil(len(days) / MAX_X_LABELS))
    x_ticks = [Tick(LEFT + (i + 0.5) * step, day.strftime("%m-%d"))
               for i, day in enumerate(days) if i % every == 0]
    y_ticks = [Tick(bottom - PLOT_HEIGHT * k / 4, shown(top * k / 4)) for k in range(5)]
    rules = [Rule(bottom - PLOT_HEIGHT * cap / top, f"{name} {shown(cap)}", "#c62828")
             for name, cap in caps]
    legend = list(colours.items()) if len(series) > 1 else []
    rows = math.ceil(len(legend) / 4)
    return ColumnChart(segments=segments, x_ticks=x_ticks, y_ticks=y_ticks, legend=legend,
                       rules=rules, width=WIDTH, height=int(bottom + AXIS + rows * LEGEND_ROW),
                       plot_bottom=bottom)


@dataclass(frozen=True)
class Box:
    label: str
    y: float
    low: float
    q1: float
    median: float
    q3: float
    p90: float
    high: float
    title: str

    @property
    def box_width(self) -> float:
        """The quartiles' box, at least 2 px so a step of steady durations still shows."""
        return max(self.q3 - self.q1, 2.0)


@dataclass(frozen=True)
class BoxChart:
    boxes: list[Box]
    headings: list[Tick]
    """Chain names, placed above their steps."""
    x_ticks: list[Tick]
    width: int
    height: int
    label_width: int

    @property
    def has_data(self) -> bool:
        return bool(self.boxes)


LOG_TICKS_MS = ((100, "0.1s"), (1_000, "1s"), (10_000, "10s"), (60_000, "1m"),
                (600_000, "10m"), (3_600_000, "1h"), (36_000_000, "10h"))


def boxes(groups: Sequence[tuple[str, Sequence[tuple[str, Sequence[float], int]]]], *,
          shown: Callable[[float], str], label_width: int = 150) -> BoxChart:
    """Per chain, per step: min, quartiles, p90 and max of durations (ms), on a log axis."""
    highest = max((q[-1] for _, steps in groups for _, q, _ in steps), default=1000.0)
    high = next((ms for ms, _ in LOG_TICKS_MS if ms >= highest), LOG_TICKS_MS[-1][0])
    low = LOG_TICKS_MS[0][0]
    plot = WIDTH - label_width - RIGHT

    def x(ms: float) -> float:
        ms = min(max(ms, low), high)
        return label_width + plot * math.log10(ms / low) / math.log10(high / low)

    result, headings, y = [], [], float(TOP)
    for chain, steps in groups:
        headings.append(Tick(y + 12, chain))
        y += 20
        for step, q, executions in steps:
            result.append(Box(label=step, y=y, low=x(q[0]), q1=x(q[1]), median=x(q[2]),
                              q3=x(q[3]), p90=x(q[4]), high=x(q[5]),
                              title=f"{chain} {step}: median {shown(q[2])}, p90 {shown(q[4])}, "
                                    f"max {shown(q[5])} over {executions} executions"))
            y += 22
    ticks = [Tick(x(ms), label) for ms, label in LOG_TICKS_MS if ms <= high]
    return BoxChart(boxes=result, headings=headings, x_ticks=ticks, width=WIDTH,
                    height=int(y + AXIS), label_width=label_width)


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    title: str


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    dashed: bool
    points: str
    dots: list[Dot] = field(default_factory=list)


@dataclass(frozen=True)
class LineChart:
    title: str
    lines: list[Line]
    rules: list[Rule]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    width: int
    height: int
    plot_bottom: float

    @property
    def has_data(self) -> bool:
        return any(line.dots for line in self.lines)


def lines(title: str, iterations: int, series: Sequence[tuple[str, Sequence[float | None],
                                                              bool]],
          thresholds: Sequence[tuple[str, float]]) -> LineChart:
    """Rates (0-1) per iteration (1..n); a None is a gap. Thresholds are dashed rules."""
    bottom = TOP + PLOT_HEIGHT
    step = (WIDTH - LEFT - RIGHT) / max(iterations - 1, 1)

    def at(index: int) -> float:
        return LEFT + index * step if iterations > 1 else LEFT + (WIDTH - LEFT - RIGHT) / 2

    drawn = []
    for number, (name, values, dashed) in enumerate(series):
        colour = PALETTE[number % len(PALETTE)]
        dots = [Dot(at(i), bottom - PLOT_HEIGHT * v, f"{name} #{i + 1}: {v:.0%}")
                for i, v in enumerate(values) if v is not None]
        points = " ".join(f"{d.x:.1f},{d.y:.1f}" for d in dots)
        drawn.append(Line(name=name, colour=colour, dashed=dashed, points=points, dots=dots))
    rules = [Rule(bottom - PLOT_HEIGHT * value, f"{name} {value:.0%}", "#c62828")
             for name, value in thresholds]
    return LineChart(title=title, lines=drawn, rules=rules,
                     x_ticks=[Tick(at(i), str(i + 1)) for i in range(iterations)],
                     y_ticks=[Tick(bottom - PLOT_HEIGHT * k / 4, f"{k * 25}%")
                              for k in range(5)],
                     width=WIDTH, height=int(bottom + AXIS + LEGEND_ROW), plot_bottom=bottom)


def _nice(value: float) -> float:
    """The smallest 1, 2 or 5 times a power of ten at or above `value` (1 for nothing)."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(float(m * power) for m in (1, 2, 5, 10) if m * power >= value)
