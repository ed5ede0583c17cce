"""The engine's side of the run lease (bot/store/lease.py): forge writes and pushes.

Database writes carry the executor's token in their own statements. A forge write or a push is
not SQL, so it is fenced the only way it can be: the lease is checked right before the call. A
takeover in the milliseconds between the check and the call is still possible; the forge writes
that matter are idempotent by their natural keys (a change request by its branch, a marked
comment by its marker, labels by name: bot/forge/retry.py), and a push goes with a lease on the
remote head, so the late one adopts or is refused instead of doubling anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.store.lease import Lease, LeaseLost

if TYPE_CHECKING:
    from bot.engine.run_store import RunStore

__all__ = ["FORGE_WRITES", "FencedForge", "LeaseLost", "RunLease"]

FORGE_WRITES = frozenset({
    "add_labels", "remove_label", "create_comment", "update_comment", "open_change_request",
    "update_change_request", "create_thread", "reply_to_thread", "add_reaction",
})
"""The `Forge` methods that change something on the forge (the rest only read)."""


class RunLease:
    """One executor's claim on its run, checkable against the store at any moment."""

    def __init__(self, store: "RunStore", lease: Lease) -> None:
        self.store = store
        self.lease = lease

    @property
    def token(self) -> int:
        return self.lease.token

    async def check(self, what: str) -> None:
        """Raise `LeaseLost` when another executor has claimed the run since this one did."""
        await self.store.check_lease(self.lease, what)


class FencedForge:
    """The run's forge with every write preceded by a look at the lease."""

    def __init__(self, forge: Any, lease: RunLease) -> None:
        self._forge = forge
        self._lease = lease

    def __repr__(self) -> str:
        return f"FencedForge({self._forge!r})"

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._forge, name)
        if name not in FORGE_WRITES:
            return attribute

        async def fenced(*args: Any, **kwargs: Any) -> Any:
            await self._lease.check(f"the forge call {name}")
            return await attribute(*args, **kwargs)

        return fenced
