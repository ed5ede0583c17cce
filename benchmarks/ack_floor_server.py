"""The least a durable webhook acknowledgement can do, as a peer for `webhook_ack.py`.

Smith's ack is compared with a bare aiohttp 202, which keeps nothing. These servers show where
the floor under "every delivery durable before the answer" lies on the same machine, so the
ratio can be read: how much of Smith's time is durability itself, how much reading the payload,
how much Smith's own work on top (its event model, job, audit row, metrics, logs).

    python benchmarks/ack_floor_server.py PORT PGDATA MODE

MODE `id`: check the HMAC, commit the delivery id (group commit, two overlapping writers, as
Smith's intake does), answer 202. MODE `event`: also read the JSON and Smith's event model from
it, as Smith must in the request to answer a malformed payload 400 and an ignored event 200, and
commit the event's JSON with the id. Joins the embedded PostgreSQL in PGDATA (Smith's, already
running) and uses its own database there.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from pathlib import Path

import psycopg
import uvloop
from aiohttp import web
from gidgethub.sansio import validate_event

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.cli.serve import GC_YOUNG_THRESHOLD
from bot.events import github_event
from bot.forge.webhook_auth import json_object_wire
from bot.store.embedded import ensure_embedded

SECRET = "benchmark-secret"
WRITERS = 2
MAX_BATCH = 200
_TABLE = ("CREATE TABLE IF NOT EXISTS floor_deliveries "
          "(delivery_id text PRIMARY KEY, event jsonb, received_at timestamptz DEFAULT now())")
_INSERT = ("INSERT INTO floor_deliveries (delivery_id, event) "
           "SELECT d, e::jsonb FROM unnest(%s::text[], %s::text[]) AS t(d, e) "
           "ON CONFLICT DO NOTHING RETURNING delivery_id")


class GroupCommit:
    """Whatever waits is written in one autocommit statement; two writers overlap."""

    def __init__(self, connections: list[psycopg.AsyncConnection]) -> None:
        self._idle = connections
        self._waiting: list[tuple[str, str | None, asyncio.Future[bool]]] = []

    async def record(self, delivery_id: str, event: str | None) -> bool:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((delivery_id, event, future))
        if self._idle:
            asyncio.get_running_loop().create_task(self._write(self._idle.pop()))
        return await future

    async def _write(self, conn: psycopg.AsyncConnection) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting[:MAX_BATCH], self._waiting[MAX_BATCH:]
                cursor = await conn.execute(
                    _INSERT, ([d for d, _, _ in batch], [e for _, e, _ in batch]), prepare=True)
                new = {row[0] for row in await cursor.fetchall()}
                for delivery_id, _, future in batch:
                    future.set_result(delivery_id in new)
        finally:
            self._idle.append(conn)


def app_for(mode: str, commit: GroupCommit) -> web.Application:
    async def accept(request: web.Request) -> web.Response:
        body = await request.read()
        headers = request.headers
        validate_event(body, signature=headers["X-Hub-Signature-256"], secret=SECRET)
        event = None
        if mode == "event":
            wire = json_object_wire(body)  # read as Smith reads it (bot/forge/webhook_auth.py)
            event = github_event(headers["X-GitHub-Event"], wire).model_dump_json()
        new = await commit.record(headers["X-GitHub-Delivery"], event)
        return web.json_response({"status": 202 if new else 200}, status=202 if new else 200)

    app = web.Application()
    app.router.add_post("/webhooks/github", accept)
    app.router.add_get("/readyz", lambda _request: web.json_response({}))
    return app


async def serve(port: int, pgdata: Path, mode: str) -> None:
    url = ensure_embedded(pgdata, database=f"ack_floor_{mode}").url
    connections = [await psycopg.AsyncConnection.connect(url, autocommit=True)
                   for _ in range(WRITERS)]
    await connections[0].execute(_TABLE)
    runner = web.AppRunner(app_for(mode, GroupCommit(connections)), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    gc.freeze()  # the collector tuning `smith serve` has, so the floor is not slowed by its lack
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 20)
    await asyncio.Event().wait()


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[3] not in ("id", "event"):
        sys.exit("usage: ack_floor_server.py PORT PGDATA id|event")
    uvloop.run(serve(int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]))
