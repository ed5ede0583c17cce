"""Webhook acknowledgement latency: `smith serve` against a bare aiohttp handler, same run.

Sends N signed `issues.labeled` deliveries (each with its own delivery id, so every one is
verified, parsed, recorded and queued) at concurrency C to a real `smith serve` on an embedded
PostgreSQL, then the same load to a bare aiohttp app that only answers 202, and to the two
durable floors of `ack_floor_server.py` (commit the id; read the event and commit it too), on
the same PostgreSQL. Prints p50/p99 of each and the ratios; machines here are noisy, so only the
ratios mean anything.

    python benchmarks/webhook_ack.py [--requests 2000] [--concurrency 50]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fakes import webhooks  # noqa: E402

SECRET = "benchmark-secret"

BARE_SERVER = """
import sys
from aiohttp import web
async def accept(request):
    await request.read()
    return web.json_response({"status": 202}, status=202)
app = web.Application()
app.router.add_post("/webhooks/github", accept)
app.router.add_get("/readyz", lambda r: web.json_response({}))
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None, access_log=None)
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def wait_ready(url: str, process: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"server exited with {process.returncode}")
            try:
                async with session.get(url) as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
    raise RuntimeError(f"{url} not ready")


async def load(url: str, requests: int, concurrency: int) -> list[float]:
    deliveries = [
        webhooks.github_issues_labeled(secret=SECRET, label="smith:fix", number=1 + i % 500)
        for i in range(requests)
    ]
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    queue: asyncio.Queue = asyncio.Queue()
    for delivery in deliveries:
        queue.put_nowait(delivery)
    connector = aiohttp.TCPConnector(limit=concurrency)

    async with aiohttp.ClientSession(connector=connector) as session:

        async def client() -> None:
            while not queue.empty():
                headers, body = queue.get_nowait()
                started = time.perf_counter()
                async with session.post(url, data=body, headers=headers) as response:
                    await response.read()
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                latencies.append(time.perf_counter() - started)

        await asyncio.gather(*(client() for _ in range(concurrency)))
    unexpected = {s: n for s, n in statuses.items() if s not in (200, 202)}
    if unexpected:
        raise RuntimeError(f"unexpected answers: {unexpected}")
    return latencies


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--with-worker", action="store_true",
                        help="run the in-process worker too (jobs then compete for the loop)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as data:
        smith_port, bare_port = free_port(), free_port()
        env = {**os.environ, "SMITH_DATA_DIR": data, "SMITH_GITHUB_WEBHOOK_SECRET": SECRET,
               "SMITH_LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "bot.cli", "serve", "--port", str(smith_port)]
        if not args.with_worker:
            command.append("--no-worker")
        smith = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        bare = subprocess.Popen([sys.executable, "-c", BARE_SERVER, str(bare_port)])
        floors: dict[str, tuple[int, subprocess.Popen]] = {}
        try:
            await wait_ready(f"http://127.0.0.1:{smith_port}/readyz", smith)
            await wait_ready(f"http://127.0.0.1:{bare_port}/readyz", bare)
            for mode in ("event", "id"):  # on Smith's embedded server, which now runs
                port = free_port()
                floors[f"floor-{mode}"] = (port, subprocess.Popen(
                    [sys.executable, str(ROOT / "benchmarks" / "ack_floor_server.py"), str(port),
                     str(Path(data) / "postgres"), mode], env=env, cwd=ROOT))
                await wait_ready(f"http://127.0.0.1:{port}/readyz", floors[f"floor-{mode}"][1])
            targets = {"smith": smith_port, **{name: port for name, (port, _) in floors.items()},
                       "bare": bare_port}
            results: dict[str, list[float]] = {name: [] for name in targets}
            for name, port in targets.items():
                await load(f"http://127.0.0.1:{port}/webhooks/github", args.warmup,
                           args.concurrency)
            # Interleaved rounds, so a burst of noise on this shared machine hits both sides.
            rounds = 4
            for _ in range(rounds):
                for name, port in targets.items():
                    results[name] += await load(f"http://127.0.0.1:{port}/webhooks/github",
                                                args.requests // rounds, args.concurrency)
        finally:
            for process in (smith, bare, *(process for _, process in floors.values())):
                process.terminate()
                process.wait(timeout=60)

    print(f"{args.requests} deliveries at concurrency {args.concurrency} "
          f"({'with' if args.with_worker else 'without'} in-process worker)")
    for name, values in results.items():
        print(f"  {name:11s} p50 {percentile(values, 50) * 1000:8.2f} ms   "
              f"p99 {percentile(values, 99) * 1000:8.2f} ms")
    for name, peer in (("smith", "bare"), ("floor-id", "bare"), ("floor-event", "bare"),
                       ("smith", "floor-event")):
        ratio50 = percentile(results[name], 50) / percentile(results[peer], 50)
        ratio99 = percentile(results[name], 99) / percentile(results[peer], 99)
        print(f"  ratio {name}/{peer}: p50 {ratio50:.2f}x   p99 {ratio99:.2f}x")


if __name__ == "__main__":
    asyncio.run(main())
