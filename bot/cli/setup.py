"""`smith setup github`: register Smith as a GitHub App from a page on this machine.

Imports beyond argparse stay inside the functions on purpose: this module is loaded to
register its arguments, and `--help` must not pay for aiohttp or jinja.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web

    from bot.forge.app_manifest import AppCredentials

EXIT_OK = 0
DEFAULT_PORT = 3000
DEFAULT_TIMEOUT = 1800.0
TEMPLATES = Path(__file__).with_name("templates")
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                               "form-action *; frame-ancestors 'none'; base-uri 'none'",
    "Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
}


def register(subparsers: Any) -> None:
    setup = subparsers.add_parser(
        "setup", help="register Smith with a forge (GitHub App manifest flow)",
        description="Register Smith with a forge and store its credentials.")
    forges = setup.add_subparsers(dest="forge", required=True, metavar="FORGE")
    github = forges.add_parser(
        "github", help="register a GitHub App from a local page and store its keys",
        description="Serve a page on this machine that posts Smith's App manifest to GitHub; "
        "after you click 'Create GitHub App' there, GitHub sends you back with a one-time "
        "code, which is traded for the App's id, private key and webhook secret. They are "
        "written to the secrets folder (0600), one file per setting, as SMITH_SECRETS_DIR "
        "reads them. Existing files are never overwritten.")
    github.add_argument("--webhook-url", required=True, metavar="URL",
                        help="where GitHub sends webhooks: https://YOUR-HOST/webhooks/github")
    github.add_argument("--org", metavar="ORG", help="register the App for this organisation "
                        "(default: your own account)")
    github.add_argument("--name", default="Smith", help="the App's name (unique on GitHub)")
    github.add_argument("--secrets-dir", type=Path, metavar="DIR",
                        help="where the credentials go (default: SMITH_SECRETS_DIR, else "
                        "<data_dir>/secrets)")
    github.add_argument("--github-url", default="https://github.com", metavar="URL",
                        help="GitHub's web address (GitHub Enterprise: https://HOST)")
    github.add_argument("--manifest", type=Path, metavar="FILE",
                        help="the manifest template (default: deploy/github-app-manifest.json)")
    github.add_argument("--host", default="127.0.0.1",
                        help="address of the local page (default 127.0.0.1)")
    github.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port of the local page (default {DEFAULT_PORT})")
    github.add_argument("--no-browser", action="store_true",
                        help="print the page's address instead of opening a browser")
    github.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help="give up after this long (default 30 minutes)")
    github.set_defaults(func=run_setup_github)


def run_setup_github(args: argparse.Namespace) -> int:
    import json
    import webbrowser

    from bot.command_line import CommandError, load_settings
    from bot.config import PROJECT_ROOT
    from bot.forge.app_manifest import ManifestError, existing

    settings = load_settings()
    folder = (args.secrets_dir or Path(os.environ.get("SMITH_SECRETS_DIR")
                                       or settings.data_dir / "secrets")).absolute()
    if there := existing(folder):
        raise CommandError("the secrets folder already holds " + ", ".join(
            str(p) for p in there) + ": move them away or choose --secrets-dir")
    template_path = args.manifest or PROJECT_ROOT / "deploy" / "github-app-manifest.json"
    try:
        template = json.loads(template_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CommandError(f"cannot read the manifest template {template_path}: {exc}") from exc
    flow = ManifestFlow(template=template, name=args.name, webhook_url=args.webhook_url,
                        org=args.org, github_url=args.github_url,
                        api_url=settings.github_api_url, secrets_dir=folder,
                        host=args.host, port=args.port)

    async def main() -> tuple[AppCredentials, Path]:
        url = await flow.start()
        print(f"Open {url} and click 'Register the GitHub App on GitHub'.", flush=True)
        if not args.no_browser:
            webbrowser.open(url)
        try:
            return await flow.wait(args.timeout)
        finally:
            await flow.close()

    try:
        app, written = asyncio.run(main())
    except (ManifestError, OSError) as exc:
        raise CommandError(str(exc)) from exc
    print(f"Registered the GitHub App {app.slug} (id {app.id}); its id, key, webhook secret "
          f"and bot account are in {written}.")
    print(f"Install it: {app.html_url}/installations/new")
    print(f"Then start Smith with SMITH_SECRETS_DIR={written}")
    return EXIT_OK


class ManifestFlow:
    """The local page and its callback; `wait` ends when credentials are written (or the
    conversion failed). A callback with another state is refused and the flow goes on."""

    def __init__(self, *, template: dict[str, Any], name: str, webhook_url: str,
                 org: str | None, github_url: str, api_url: str, secrets_dir: Path,
                 host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
        from bot.forge.app_manifest import new_state, registration_url

        self.template, self.name, self.webhook_url = template, name, webhook_url
        self.org, self.api_url, self.secrets_dir = org, api_url, secrets_dir
        self.host, self.port = host, port
        self.state = new_state()
        self.action = registration_url(github_url, org, self.state)
        self.url = ""
        self._runner: web.AppRunner | None = None
        self._done: asyncio.Future[tuple[AppCredentials, Path]] | None = None

    async def start(self) -> str:
        from aiohttp import web
        from jinja2 import Environment, FileSystemLoader, StrictUndefined

        from bot.forge.app_manifest import build_manifest

        self._done = asyncio.get_running_loop().create_future()
        self.pages = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                                 undefined=StrictUndefined)
        app = web.Application()
        app.router.add_get("/", self._start_page)
        app.router.add_get("/callback", self._callback)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://{self.host}:{port}/"
        self.manifest = build_manifest(self.template, name=self.name,
                                       webhook_url=self.webhook_url,
                                       redirect_url=f"{self.url}callback")
        return self.url

    async def wait(self, timeout: float) -> tuple[AppCredentials, Path]:
        from bot.forge.app_manifest import ManifestError

        assert self._done is not None, "start() first"
        try:
            return await asyncio.wait_for(asyncio.shield(self._done), timeout)
        except TimeoutError:
            raise ManifestError(f"no answer from GitHub within {timeout:.0f} s") from None

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _page(self, status: int, **values: Any) -> web.Response:
        from aiohttp import web

        body = self.pages.get_template("setup_github.html").render(**values)
        return web.Response(text=body, status=status, content_type="text/html",
                            headers=PAGE_HEADERS)

    async def _start_page(self, _request: web.Request) -> web.Response:
        import json

        return self._page(200, step="start", title="Register Smith on GitHub", name=self.name,
                          org=self.org, webhook_url=self.webhook_url,
                          secrets_dir=str(self.secrets_dir), action=self.action,
                          manifest=json.dumps(self.manifest))

    async def _callback(self, request: web.Request) -> web.Response:
        from bot.forge.app_manifest import ManifestError, checked_code, convert, write_secrets

        assert self._done is not None
        if self._done.done():
            return self._page(409, step="error", title="Already done",
                              problem="This setup has already finished.")
        try:
            code = checked_code(request.query.get("code"), request.query.get("state"),
                                self.state)
        except ManifestError as exc:
            return self._page(400, step="error", title="Not this setup", problem=str(exc))
        try:
            app = await convert(self.api_url, code)
            written = await asyncio.to_thread(write_secrets, self.secrets_dir, app)
        except (ManifestError, OSError) as exc:
            self._done.set_exception(ManifestError(str(exc)))
            return self._page(502, step="error", title="Setup failed", problem=str(exc))
        self._done.set_result((app, written))
        return self._page(200, step="done", title="Smith is registered", slug=app.slug,
                          app_id=app.id, secrets_dir=str(written),
                          install_url=f"{app.html_url}/installations/new")
