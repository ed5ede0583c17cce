"""The GitHub App manifest flow on the fake GitHub: the web form that registers an App from a
manifest (standing in for the person who clicks "Create GitHub App") and the REST conversion
that trades the one-time code for the App's id, key and webhook secret.

Checked as GitHub checks them: a manifest needs `url` and `hook_attributes.url`; the code is
good once, for an hour; the conversion needs no authentication. The App created is registered
with its public key, so Smith's App authentication works against this fake afterwards.
"""

from __future__ import annotations

import json
import secrets
import time
import urllib.parse
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.fakes import Call

CODE_LIFETIME = 3600.0
ANONYMOUS_OPERATIONS = ("create_app_from_manifest_form", "create_app_from_manifest")


@dataclass
class PendingApp:
    manifest: dict[str, Any]
    owner: str
    expires: float


class Manifests:
    """Part of `FakeGitHub` (tests.fakes.github); state and helpers live on the fake."""

    def _register_manifest_routes(self) -> None:
        r = self.route
        self.pending_apps: dict[str, PendingApp] = {}
        self.created_apps: list[dict[str, Any]] = []

        async def form(call: Call, owner: str) -> web.Response:
            body = call.body if isinstance(call.body, dict) else {}
            try:
                manifest = json.loads(body.get("manifest", ""))
            except ValueError:
                return self.error_response(422, "manifest is not JSON")
            if not isinstance(manifest, dict):
                return self.error_response(422, "manifest is not an object")
            hook = manifest.get("hook_attributes")
            if not manifest.get("url") or not isinstance(hook, dict) or not hook.get("url"):
                return self.error_response(422, "url and hook_attributes.url are required")
            redirect = manifest.get("redirect_url")
            if not isinstance(redirect, str) or not redirect.startswith(("http://", "https://")):
                return self.error_response(422, "redirect_url is required")
            code = secrets.token_hex(10)
            self.pending_apps[code] = PendingApp(manifest, owner, time.time() + CODE_LIFETIME)
            query = {"code": code}
            if "state" in call.query:
                query["state"] = call.query["state"]
            return web.Response(status=302, headers={
                "Location": f"{redirect}?{urllib.parse.urlencode(query)}"})

        @r("POST", "/settings/apps/new", "create_app_from_manifest_form")
        async def user_app(call: Call) -> web.Response:
            return await form(call, "octocat")

        @r("POST", "/organizations/{org}/settings/apps/new", "create_app_from_manifest_form")
        async def org_app(call: Call) -> web.Response:
            return await form(call, call.params["org"])

        @r("POST", "/app-manifests/{code}/conversions", "create_app_from_manifest")
        async def conversion(call: Call) -> web.Response:
            pending = self.pending_apps.pop(call.params["code"], None)
            if pending is None or pending.expires < time.time():
                return self.error_response(404, "Not Found")
            return web.json_response(self._create_app(pending), status=201)

    def _create_app(self, pending: PendingApp) -> dict[str, Any]:
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
        app_id = next(self._ids)
        self.add_app(app_id, public)
        name = str(pending.manifest.get("name") or "app")
        slug = "-".join(name.lower().split())
        app = {
            "id": app_id, "slug": slug, "node_id": f"A_{app_id}", "name": name,
            "owner": {"login": pending.owner, "id": self.add_user(pending.owner)},
            "description": pending.manifest.get("description", ""),
            "external_url": pending.manifest["url"],
            "html_url": f"https://github.com/apps/{slug}",
            "permissions": pending.manifest.get("default_permissions", {}),
            "events": pending.manifest.get("default_events", []),
            "client_id": f"Iv1.{secrets.token_hex(8)}", "client_secret": secrets.token_hex(20),
            "webhook_secret": secrets.token_hex(20),
            "pem": key.private_bytes(serialization.Encoding.PEM,
                                     serialization.PrivateFormat.TraditionalOpenSSL,
                                     serialization.NoEncryption()).decode(),
        }
        self.created_apps.append({**app, "manifest": pending.manifest})
        return app
