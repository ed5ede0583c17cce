"""Dashboard pages and `/api/stats` over real HTTP on a real database."""

from __future__ import annotations

import re
from datetime import date

import aiohttp
from sqlalchemy import update

from bot.config import BudgetSettings, PeriodCaps
from bot.stats.query import load_stats
from bot.store.models import Run, Step
from tests.stats import dataset


def svg_of(html: str) -> str:
    match = re.search(r'<svg id="timeline".*?</svg>', html, re.DOTALL)
    assert match, "the run page has no timeline"
    return match.group(0)


async def test_index_lists_runs_and_step_health(start_dashboard):
    dashboard = await start_dashboard()
    status, headers, html = await dashboard.get("/")
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    for key in ("r1", "r4", "r7", "x1"):
        assert f'href="/runs/{dashboard.runs[key]}"' in html
    # acme/other's judge rejection falls in the judge's window across all repositories
    assert "removal candidate" not in html
    status, _, html = await dashboard.get("/", params={"repo": "acme/app"})
    health = re.search(r'<table id="step-health">.*?</table>', html, re.DOTALL).group(0)
    judge = re.search(r'<tr data-step="judge">.*?</tr>', health, re.DOTALL).group(0)
    quality = re.search(r'<tr data-step="quality">.*?</tr>', health, re.DOTALL).group(0)
    assert "removal candidate" in judge and "rework candidate" not in judge
    assert "rework candidate" in quality and "removal candidate" not in quality
    assert "red 4, tests_failed 1" in quality
    assert html.count("removal candidate") == 1 and html.count("rework candidate") == 1


async def test_index_filters_by_repository(start_dashboard):
    dashboard = await start_dashboard()
    status, _, html = await dashboard.get("/", params={"repo": "acme/other"})
    assert status == 200
    assert f'href="/runs/{dashboard.runs["x1"]}"' in html
    assert f'href="/runs/{dashboard.runs["r1"]}"' not in html


async def test_run_page_shows_every_execution_artifacts_trajectory_and_last_diff(start_dashboard):
    dashboard = await start_dashboard()
    status, _, html = await dashboard.get(f"/runs/{dashboard.runs['r5']}")
    assert status == 200
    svg = svg_of(html)
    bars = re.findall(r'<g class="bar" data-step="([a-z_]+)" data-attempt="(\d+)"', svg)
    expected = [(s.name, str(s.attempt)) for s in dataset.STEPS if s.run == "r5"]
    assert sorted(bars) == sorted(expected)
    assert ">implement #3</text>" in svg and ">quality #1</text>" in svg
    assert ">judge</text>" in svg
    assert '<pre class="artifact">' in html and "&#34;attempt&#34;: 3" in html
    # the diff is the last implement attempt's
    diff = re.search(r'<pre id="diff">(.*?)</pre>', html, re.DOTALL).group(1)
    assert "+return 3  # attempt 3 &lt;fix&gt;" in diff


async def test_run_page_trajectory_table(start_dashboard):
    dashboard = await start_dashboard()
    _, _, html = await dashboard.get(f"/runs/{dashboard.runs['r3']}")
    trajectory = re.search(r'<table id="trajectory">.*?</table>', html, re.DOTALL).group(0)
    assert [tool for tool in re.findall(r"<td>(read_file|edit_file|run_tests)</td>", trajectory)
            ] == ["read_file", "edit_file", "run_tests"]


async def test_untrusted_text_is_escaped(start_dashboard):
    dashboard = await start_dashboard()
    run_id = dashboard.runs["r1"]
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    async with dashboard.db.transaction() as session:
        await session.execute(update(Run).where(Run.id == run_id).values(
            outcome="change_request", reason=hostile, repo="acme/app",
            change_request_url="javascript:alert(1)"))
        await session.execute(update(Step).where(Step.run_id == run_id).values(
            summary=hostile, verdict="<b>v</b>", artifact={"text": hostile}))
        await session.execute(update(Step).where(Step.run_id == run_id, Step.name == "implement")
                              .values(diff=f"+{hostile}\n"))
    status, _, html = await dashboard.get(f"/runs/{run_id}")
    assert status == 200
    assert "<script" not in html and "<img" not in html and "<b>v</b>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert 'href="javascript' not in html and "<dd>javascript:alert(1)</dd>" in html
    svg = svg_of(html)
    assert "&lt;b&gt;v&lt;/b&gt;" in svg
    status, _, index = await dashboard.get("/", params={"repo": hostile})
    assert status == 200 and "<script" not in index


async def test_unknown_run_is_a_404_page(start_dashboard):
    dashboard = await start_dashboard()
    for path in ("/runs/999999", "/runs/abc", "/runs/1%3Cscript%3E"):
        status, headers, html = await dashboard.get(path)
        assert status == 404, path
        assert headers["Content-Type"].startswith("text/html")
        assert "Not found" in html and "<script" not in html


async def test_dashboard_is_read_only(start_dashboard):
    dashboard = await start_dashboard()
    async with aiohttp.ClientSession() as client:
        for path in ("/", f"/runs/{dashboard.runs['r1']}", "/api/stats"):
            async with client.post(dashboard.url + path, data=b"x") as response:
                assert response.status == 405, path


async def test_api_stats_is_the_report_as_json(start_dashboard):
    dashboard = await start_dashboard()
    async with aiohttp.ClientSession() as client, client.get(dashboard.url + "/api/stats",
                          params={"repo": "acme/app", "since": "2026-03-04"}) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("application/json")
        data = await response.json()
    async with dashboard.db.transaction() as session:
        expected = await load_stats(session, repo="acme/app", since=date(2026, 3, 4),
                                    window=dataset.WINDOW)
    assert data == expected.as_json()
    assert data["filters"] == {"repo": "acme/app", "since": "2026-03-04"}
    assert data["funnel"]["summoned"] == 3


async def test_api_stats_window_and_bad_parameters(start_dashboard):
    dashboard = await start_dashboard()
    async with aiohttp.ClientSession() as client:
        async with client.get(dashboard.url + "/api/stats",
                              params={"repo": "acme/app"}) as response:
            steps = {s["step"]: s for s in (await response.json())["steps"]}
            assert steps["judge"]["removal_candidate"] is True
        async with client.get(dashboard.url + "/api/stats",
                              params={"repo": "acme/app", "window": "5"}) as response:
            data = await response.json()
            assert data["window"] == 5
            assert {s["step"]: s for s in data["steps"]}["judge"]["removal_candidate"] is False
        for params, message in (({"since": "yesterday"}, "since must be a day"),
                                ({"window": "0"}, "window must be"),
                                ({"window": "-3"}, "window must be")):
            async with client.get(dashboard.url + "/api/stats", params=params) as response:
                assert response.status == 400, params
                assert message in (await response.json())["error"]


async def test_a_run_without_steps_says_so(start_dashboard):
    dashboard = await start_dashboard()
    async with dashboard.db.transaction() as session:
        run = Run(forge="gitlab", repo="group/sub/app", issue_number=3, chain="fix",
                  status="queued", params={}, cancel_requested=False, input_tokens=0,
                  output_tokens=0, cost_usd=0.0)
        session.add(run)
        await session.flush()
        run_id = run.id
    status, _, html = await dashboard.get(f"/runs/{run_id}")
    assert status == 200
    assert 'id="timeline"' not in html
    assert "No step has started yet." in html and "No diff yet." in html
    assert "gitlab:group/sub/app issue #3" in html
    async with dashboard.db.transaction() as session:
        await session.execute(update(Run).where(Run.id == run_id).values(
            change_request_url="https://gitlab.example/group/sub/app/-/merge_requests/7?a=1&b=2"))
    _, _, html = await dashboard.get(f"/runs/{run_id}")
    assert ('<a href="https://gitlab.example/group/sub/app/-/merge_requests/7?a=1&amp;b=2" '
            'rel="noreferrer">') in html


async def test_an_unreachable_database_gives_503_not_a_traceback(tmp_path, unused_tcp_port):
    from aiohttp.test_utils import TestServer

    from bot.app import create_app
    from bot.config import Settings
    from bot.dashboard import add_dashboard_routes
    from bot.store.db import Database
    from handlers import build_router

    settings = Settings(data_dir=tmp_path / "data", bot_account="smith-bot")
    db = Database(f"postgresql://nobody@127.0.0.1:{unused_tcp_port}/none", pool_size=1)
    server = TestServer(create_app(settings, db, build_router(settings),
                                   extra_routes=lambda app: add_dashboard_routes(app, db, token=None)),
                        host="127.0.0.1")
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as client:
            for path, kind in (("/", "text/html"), ("/runs/1", "text/html"),
                               ("/api/stats", "application/json")):
                async with client.get(server.make_url(path)) as response:
                    assert response.status == 503, path
                    assert response.headers["Content-Type"].startswith(kind)
                    assert "Traceback" not in await response.text()
    finally:
        await server.close()
        await db.dispose()


async def test_charts_escape_hostile_reasons_and_refuse_bad_days(start_dashboard):
    dashboard = await start_dashboard(charts=True)
    hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    async with dashboard.db.transaction() as session:
        await session.execute(update(Step).where(
            Step.run_id == dashboard.runs["lab_fix"], Step.status == "rejected",
            Step.name == "quality").values(verdict=hostile[:50]))
    status, _, html = await dashboard.get("/", params={"repo": "acme/lab"})
    assert status == 200
    rejections = re.search(r'<svg id="chart-rejections".*?</svg>', html, re.DOTALL).group(0)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rejections
    assert "<script" not in html and "<img" not in html
    for days in ("0", "367", "abc", "-1", "1e3"):
        status, _, html = await dashboard.get("/", params={"days": days})
        assert status == 400, days
        assert "days must be a whole number from 1 to 366" in html
    status, _, html = await dashboard.get("/", params={"days": "366"})
    assert status == 200 and 'id="chart-tokens"' in html


async def test_the_daily_caps_are_lines_on_the_per_day_charts(start_dashboard):
    """The installation's caps on the front page; a repository's own (or the cap every
    repository gets) when the page is narrowed to it; no line where no cap is set."""
    dashboard = await start_dashboard(charts=True, budgets=BudgetSettings(
        installation=PeriodCaps(day_usd=40, day_tokens=2_000_000),
        repository=PeriodCaps(day_usd=3),
        repositories={"acme/lab": PeriodCaps(day_usd=7)}))

    def cap_lines(html: str, chart: str) -> list[str]:
        svg = re.search(rf'<svg id="chart-{chart}".*?</svg>', html, re.DOTALL).group(0)
        return re.findall(r'<line class="rule".*?<text[^>]*>([^<]*)</text>', svg, re.DOTALL)

    _, _, everything = await dashboard.get("/")
    _, _, lab = await dashboard.get("/", params={"repo": "acme/lab"})
    _, _, other = await dashboard.get("/", params={"repo": "acme/other"})

    assert cap_lines(everything, "dollars") == ["daily cap $40.00"]
    assert len(cap_lines(everything, "tokens")) == 1
    assert cap_lines(lab, "dollars") == ["daily cap $7.00"]
    assert cap_lines(other, "dollars") == ["daily cap $3.00"]
    assert cap_lines(lab, "tokens") == []
