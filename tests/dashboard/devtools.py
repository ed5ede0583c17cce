"""A headless Chromium driven over the Chrome DevTools Protocol (aiohttp websockets only).

Only what the dashboard's browser test needs: open a page, wait for its load event, evaluate an
expression, take a full-page screenshot, and collect console/CSP errors.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
STARTUP_SECONDS = 60
CALL_SECONDS = 30

# No traffic beyond 127.0.0.1: every background service Chromium would otherwise contact is off.
QUIET_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--no-default-browser-check", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions",
    "--disable-default-apps", "--disable-domain-reliability", "--metrics-recording-only",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
    "--no-proxy-server", "--hide-scrollbars", "--mute-audio",
)


def find_chromium() -> str | None:
    return next((path for name in CHROMIUM_NAMES if (path := shutil.which(name))), None)


class DevToolsError(RuntimeError):
    pass


class Page:
    """One page target's websocket session."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        call_id = next(self.ids)
        await self.ws.send_json({"id": call_id, "method": method, "params": params})
        while True:
            message = await self._receive()
            if message.get("id") == call_id:
                if "error" in message:
                    raise DevToolsError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    async def wait_for(self, event: str) -> dict[str, Any]:
        for index, message in enumerate(self.events):
            if message.get("method") == event:
                return self.events.pop(index)
        while True:
            message = await self._receive()
            if message.get("method") == event:
                return message
            self.events.append(message)

    async def open(self, url: str) -> None:
        self.events = [m for m in self.events if m.get("method") != "Page.loadEventFired"]
        result = await self.call("Page.navigate", url=url)
        if result.get("errorText"):
            raise DevToolsError(f"navigating to {url}: {result['errorText']}")
        await self.wait_for("Page.loadEventFired")

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise DevToolsError(f"evaluating: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def screenshot(self, path: Path) -> bytes:
        metrics = await self.call("Page.getLayoutMetrics")
        size = metrics["cssContentSize"]
        shot = await self.call(
            "Page.captureScreenshot", format="png", captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        )
        data = base64.b64decode(shot["data"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return data

    def errors(self) -> list[str]:
        """Console errors and browser log errors (a CSP violation lands here)."""
        found = []
        for message in self.events:
            params = message.get("params", {})
            if message.get("method") == "Log.entryAdded" and params["entry"]["level"] == "error":
                found.append(params["entry"]["text"])
            if message.get("method") == "Runtime.consoleAPICalled" and params["type"] == "error":
                found.append(str(params["args"]))
            if message.get("method") == "Runtime.exceptionThrown":
                found.append(str(params["exceptionDetails"]))
        return found

    async def _receive(self) -> dict[str, Any]:
        message = await self.ws.receive(timeout=CALL_SECONDS)
        if message.type != aiohttp.WSMsgType.TEXT:
            raise DevToolsError(f"browser connection ended: {message.type}")
        return message.json()


@asynccontextmanager
async def headless_chromium(binary: str, profile: Path, *, width: int = 1280, height: int = 900
                            ) -> AsyncIterator[Page]:
    """Start Chromium with a throw-away profile and yield its first page; stop it afterwards."""
    profile.mkdir(parents=True, exist_ok=True)
    log_path = profile.parent / "chromium.log"
    with log_path.open("wb") as log:
        process = await asyncio.create_subprocess_exec(
            binary, *QUIET_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
            f"--window-size={width},{height}", "about:blank",
            stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log,
        )
    try:
        port = await _devtools_port(profile, process, log_path)
        async with aiohttp.ClientSession() as client:
            async with client.get(f"http://127.0.0.1:{port}/json/list") as response:
                targets = await response.json()
            page_url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
            async with client.ws_connect(page_url, max_msg_size=64 * 1024 * 1024) as ws:
                page = Page(ws)
                for domain in ("Page", "Runtime", "Log"):
                    await page.call(f"{domain}.enable")
                await page.call("Emulation.setDeviceMetricsOverride", width=width,
                                height=height, deviceScaleFactor=1, mobile=False)
                yield page
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()


async def _devtools_port(profile: Path, process: asyncio.subprocess.Process, log: Path) -> int:
    """Chromium writes the port it picked into `DevToolsActivePort` in the profile."""
    marker = profile / "DevToolsActivePort"
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STARTUP_SECONDS
    while loop.time() < deadline:
        if process.returncode is not None:
            raise DevToolsError(f"chromium exited with {process.returncode}: "
                                f"{log.read_text(errors='replace')[-2000:]}")
        if marker.exists():
            first_line = marker.read_text().splitlines()[:1]
            if first_line and first_line[0].isdigit():
                return int(first_line[0])
        await asyncio.sleep(0.1)
    raise DevToolsError(f"chromium did not open DevTools within {STARTUP_SECONDS}s")
