"""The dashboard in a real headless Chromium: the timeline is drawn with a bar for every step
execution, styles apply under the CSP, nothing errors; screenshots go to test-artifacts/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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

HEALTH_JS = """JSON.stringify(Array.from(document.querySelectorAll('#step-health tbody tr')).map(
  row => [row.dataset.step, row.cells[row.cells.length - 1].innerText.trim()]))"""


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
    assert health["judge"] == "removal candidate"
    assert health["quality"] == "rework candidate"
    assert health["implement"] == ""
    assert errors == []
