"""GitHub's webhook delivery endpoints (list, get, redeliver) on the fake."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.fakes import Call, paginate
from tests.fakes.github.state import (
    Repo,
    RepoHook,
    SentDelivery,
)


class Deliveries:
    """Part of `FakeGitHub` (tests.fakes.github); state and helpers live on the fake."""

    def _delivery_json(self, d: SentDelivery) -> dict[str, Any]:
        if 200 <= d.status_code < 300:
            status = "OK"
        elif d.status_code == 0:
            status = "timed out"
        else:
            status = f"Invalid HTTP Response: {d.status_code}"
        return {
            "id": d.id,
            "guid": d.guid,
            "delivered_at": d.delivered_at,
            "redelivery": d.redelivery,
            "duration": 0.05,
            "status": status,
            "status_code": d.status_code,
            "event": d.event,
            "action": d.action,
            "installation_id": d.installation_id,
            "repository_id": d.repository_id,
            "throttled_at": None,
        }

    def _cursor_page(self, call: Call, items: list[SentDelivery]) -> web.Response:
        """Newest first, `per_page` at a time, the next page named by an opaque `cursor`."""
        items = sorted(items, key=lambda d: d.id, reverse=True)
        per_page = max(1, min(100, int(call.query.get("per_page", "30"))))
        start = 0
        cursor = call.query.get("cursor")
        if cursor:
            ids = [d.id for d in items]
            wanted = cursor.removeprefix("v1_")
            if not wanted.isdigit() or int(wanted) not in ids:
                return self.error_response(400, "Bad Request")
            start = ids.index(int(wanted))
        chunk = items[start : start + per_page]
        headers = {}
        if start + per_page < len(items):
            query = {"per_page": str(per_page), "cursor": f"v1_{items[start + per_page].id}"}
            next_url = (f"{self.base_url}{call.request.rel_url.path}?"
                        + "&".join(f"{k}={v}" for k, v in query.items()))
            headers["Link"] = f'<{next_url}>; rel="next"'
        return web.json_response([self._delivery_json(d) for d in chunk], headers=headers)

    def _is_repo_admin(self, call: Call, repo: Repo) -> bool:
        if call.auth.get("installation_id") is not None:
            return True  # the token's permissions were checked in `authenticate`
        user = call.user or ""
        return user == repo.full_name.split("/", 1)[0] or repo.collaborators.get(user) == "admin"

    async def _redeliver(self, delivery: SentDelivery) -> web.Response:
        await self._deliver(delivery.headers, delivery.body, delivery.repo, redelivery=True,
                            app_id=delivery.app_id, hook_id=delivery.hook_id)
        return web.json_response({}, status=202)

    def _register_delivery_routes(self) -> None:
        r = self.route
        not_found = lambda: self.error_response(404, "Not Found")

        def app_delivery(call: Call) -> SentDelivery | None:
            wanted = call.params["delivery_id"]
            return next((d for d in self.deliveries if str(d.id) == wanted
                         and d.app_id == call.auth["app_id"]), None)

        @r("GET", "/app/hook/deliveries", "list_app_hook_deliveries")
        async def list_app_deliveries(call: Call) -> web.Response:
            mine = [d for d in self.deliveries if d.app_id == call.auth["app_id"]]
            return self._cursor_page(call, mine)

        @r("GET", "/app/hook/deliveries/{delivery_id}", "get_app_hook_delivery")
        async def get_app_delivery(call: Call) -> web.Response:
            delivery = app_delivery(call)
            return web.json_response(self._delivery_json(delivery)) if delivery else not_found()

        @r("POST", "/app/hook/deliveries/{delivery_id}/attempts", "redeliver_app_hook_delivery")
        async def redeliver_app(call: Call) -> web.Response:
            delivery = app_delivery(call)
            return await self._redeliver(delivery) if delivery else not_found()

        def repo_hook(call: Call) -> RepoHook | None:
            repo = self._repo(call)
            wanted = call.params["hook_id"]
            hook = self.hooks.get(int(wanted)) if wanted.isdigit() else None
            if repo is None or hook is None or hook.repo != repo.full_name:
                return None
            return hook if self._is_repo_admin(call, repo) else None

        @r("GET", "/repos/{owner}/{repo}/hooks", "list_repo_webhooks")
        async def list_hooks(call: Call) -> web.Response:
            repo = self._repo(call)
            if repo is None or not self._is_repo_admin(call, repo):
                return not_found()
            items = [
                {
                    "type": "Repository",
                    "id": h.id,
                    "name": "web",
                    "active": h.active,
                    "events": ["issues", "issue_comment", "pull_request"],
                    "config": {"url": h.url, "content_type": "json", "insecure_ssl": "0"},
                    "url": f"{self.base_url}/repos/{repo.full_name}/hooks/{h.id}",
                    "deliveries_url": (
                        f"{self.base_url}/repos/{repo.full_name}/hooks/{h.id}/deliveries"),
                }
                for h in self.hooks.values() if h.repo == repo.full_name
            ]
            return paginate(call.request, items, self.base_url)

        @r("GET", "/repos/{owner}/{repo}/hooks/{hook_id}/deliveries", "list_webhook_deliveries")
        async def list_hook_deliveries(call: Call) -> web.Response:
            hook = repo_hook(call)
            if hook is None:
                return not_found()
            return self._cursor_page(call, [d for d in self.deliveries if d.hook_id == hook.id])

        @r(
            "POST",
            "/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts",
            "redeliver_webhook_delivery",
        )
        async def redeliver_hook(call: Call) -> web.Response:
            hook = repo_hook(call)
            wanted = call.params["delivery_id"]
            delivery = next((d for d in self.deliveries
                             if hook is not None and d.hook_id == hook.id
                             and str(d.id) == wanted), None)
            return await self._redeliver(delivery) if delivery else not_found()
