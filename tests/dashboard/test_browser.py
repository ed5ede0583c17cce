"""The dashboard in a real headless Chromium: the timeline is drawn with a bar for every step
execution, every chart is drawn with its data, every page fits 1300 px, styles apply under the
CSP, nothing errors; screenshots go to test-artifacts/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.dashboard import chart_data
from tests.dashboard.devtools import find_chromium, headless_chromium
from tests.stats import dataset

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = find_chromium()

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (apt-get install -y chromium); CI installs it",
)

BARS_JS = """JSON.stringify(Array.from(document.querySelectorAll('#timeline g.bar')).map(g => {
  const box = g.querySelector('rect').getBoundingClientRect();
  return {step: g.dataset.step, attempt: Number(g.dataset.attempt), status: g.dataset.status,
          label: g.querySelectorAll('text')[0].textContent,
          x: box.x, y: box.y, width: box.width, height: box.height};
}))"""

HEALTH_JS = """JSON.stringify(Array.from(document.querySelectorAll(
  '#step-health tbody[data-chain="fix"] tr[data-step]')).map(
  row => [row.dataset.step, row.cells[row.cells.length - 1].innerText.trim()]))"""

# Per chart: its drawn size and the marks (bars, columns, boxes, dots) the browser laid out
# with a visible size.
CHARTS_JS = """JSON.stringify(Object.fromEntries(Array.from(document.querySelectorAll('svg.chart'))
  .map(svg => {
    const box = svg.getBoundingClientRect();
    const marks = Array.from(svg.querySelectorAll('.mark')).map(m => m.getBoundingClientRect())
      .filter(r => r.width > 0 && r.height > 0);
    const columns = Array.from(svg.querySelectorAll('rect.mark')).map(
      r => Math.round(r.getBoundingClientRect().height));
    return [svg.id, {width: box.width, height: box.height, marks: marks.length,
                     declared: Number(svg.dataset.marks), columns: columns,
                     rules: svg.querySelectorAll('line.rule').length,
                     chains: Array.from(svg.querySelectorAll('text.chain')).map(t => t.textContent),
                     text: svg.textContent}];
  })))"""
FITS_JS = "[document.documentElement.scrollWidth, window.innerWidth]"
PAGE_WIDTH = 1300


async def test_run_page_timeline_and_index_in_chromium(start_dashboard, tmp_path):
    dashboard = await start_dashboard()
    run_id = dashboard.runs["r5"]
    async with headless_chromium(CHROMIUM, tmp_path / "profile") as page:
        await page.open(f"{dashboard.url}/runs/{run_id}")
        assert await page.evaluate("document.title") == f"Run {run_id} · Smith"
        bars = json.loads(await page.evaluate(BARS_JS))
        screenshot = await page.screenshot(ARTIFACTS / "dashboard-run.png")
        header = await page.evaluate(
            "getComputedStyle(document.querySelector('header')).backgroundColor")

        await page.open(f"{dashboard.url}/?repo=acme/app")
        health = dict(json.loads(await page.evaluate(HEALTH_JS)))
        await page.screenshot(ARTIFACTS / "dashboard-index.png")
        errors = page.errors()

    expected = [(s.name, s.attempt) for s in dataset.STEPS if s.run == "r5"]
    assert [(bar["step"], bar["attempt"]) for bar in bars] == expected
    # every step name is drawn as a label; retried steps carry their attempt numbers
    assert {bar["label"] for bar in bars} >= {"acceptance", "judge", "estimate", "transition",
                                              "implement #1", "implement #2", "implement #3",
                                              "quality #1", "quality #2", "quality #3",
                                              "validate #1", "validate #2"}
    assert all(bar["width"] >= 3 and bar["height"] == 16 for bar in bars)
    xs = [bar["x"] for bar in bars]
    assert xs == sorted(xs) and xs[0] < xs[-1]  # the steps ran one after another
    assert len({bar["y"] for bar in bars}) == len(bars)  # retries are separate bars
    assert header == "rgb(28, 36, 48)"  # the inline stylesheet applied under the CSP
    assert screenshot.startswith(b"\x89PNG") and len(screenshot) > 10_000
    assert health["judge"] == "removal candidate"  # the fix chain's steps, grouped
    assert health["quality"] == "rework candidate"
    assert health["implement"] == ""
    assert errors == []


async def test_every_page_draws_its_charts_with_data_and_fits_the_page(start_dashboard, tmp_path):
    dashboard = await start_dashboard(charts=True)
    lab = dashboard.runs["lab_fix"]
    pages = {"index": "/", "lab": f"/?repo={chart_data.REPO}", "run": f"/runs/{lab}",
             "run-r5": f"/runs/{dashboard.runs['r5']}", "missing": "/runs/99999999",
             "bad-days": "/?days=0", "week": f"/?repo={chart_data.REPO}&days=7"}
    seen: dict[str, dict] = {}
    async with headless_chromium(CHROMIUM, tmp_path / "profile", width=PAGE_WIDTH) as page:
        for name, path in pages.items():
            await page.open(dashboard.url + path)
            seen[name] = {"charts": json.loads(await page.evaluate(CHARTS_JS)),
                          "fits": await page.evaluate(FITS_JS),
                          "title": await page.evaluate("document.title")}
            await page.screenshot(ARTIFACTS / f"dashboard-{name}.png")
        errors = page.errors()

    for name, got in seen.items():
        scroll_width, inner_width = got["fits"]
        assert scroll_width <= inner_width == PAGE_WIDTH, f"{name} overflows: {got['fits']}"
    assert seen["missing"]["title"].startswith("Not found")
    assert seen["bad-days"]["title"].startswith("Bad request")

    charts = seen["lab"]["charts"]
    assert set(charts) == {"chart-funnel", "chart-tokens", "chart-dollars", "chart-rejections",
                           "chart-durations", "chart-gates", "chart-held-out-1"}
    for chart_id, chart in charts.items():
        assert chart["width"] > 400 and chart["height"] > 60, chart_id
        assert chart["marks"] == chart["declared"] > 0, chart_id  # every mark is drawn
    # the funnel: summoned, change request, merged, merged without edits all reached
    assert charts["chart-funnel"]["marks"] == 4
    # tokens and dollars: one column per day with calls, the busiest day the tallest
    tokens = charts["chart-tokens"]["columns"]
    assert len(tokens) == len(chart_data.CALLS) and tokens[1] == max(tokens) > tokens[2]
    assert len(charts["chart-dollars"]["columns"]) == len(chart_data.CALLS)
    # rejections: quality's red (yesterday), validate's veto and two gates' (today), each
    # reason a segment of its day's column and a colour in the legend
    rejections = charts["chart-rejections"]
    assert rejections["marks"] == 4
    assert all(reason in rejections["text"] for reason in ("red", "veto", "gate_stable",
                                                             "gate_writer"))
    # durations: grouped by chain, one box per step of each
    assert charts["chart-durations"]["chains"] == ["fix", "tests"]
    assert charts["chart-durations"]["marks"] == 6  # fix: 5 steps; tests: write_tests
    # the gate funnel: generated → … → merged, drawn where files got through
    assert charts["chart-gates"]["marks"] >= 3
    # held-out: a dot per iteration and figure (4 lines), the thresholds as one rule
    held_out = charts["chart-held-out-1"]
    assert held_out["marks"] == 4 * len(chart_data.ITERATIONS) and held_out["rules"] == 1
    assert "held-out thresholds 80%" in held_out["text"]
    # over all repositories the charts are there too; a week has the same three days of calls
    assert {"chart-funnel", "chart-tokens", "chart-durations"} <= set(seen["index"]["charts"])
    assert len(seen["week"]["charts"]["chart-tokens"]["columns"]) == len(chart_data.CALLS)
    # the 404 and 400 pages are logged by the browser as such; nothing else is
    refused = [e for e in errors if e.startswith("Failed to load resource: the server "
                                                 "responded with a status of 40")]
    assert len(refused) == 2 and len(errors) == 2, errors
