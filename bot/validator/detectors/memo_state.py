"""global_state_smuggling (memo caches): a process-wide cache put in front of live, mutable data.

A memo is not smuggling while it only remembers what one pure function computed. Put in front of
an existing function that loads per-entity data from a store (a database, an HTTP API) and hands
back a mutable container, it becomes shared state: every request for that key gets the same
object, and what one request changes in it, the next one reads (`@functools.lru_cache` on
`load_cart(cart_id) -> dict`, Spring's `@Cacheable` on `List<Item> items(long orderId)`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile
from bot.validator.detectors.common import finding, snippet
from bot.validator.models import Finding

_MEMO = re.compile(
    r"^\s*@(functools\.)?(lru_cache|cache|cached|memoize|memoized|cached_function)\b|^\s*@Cacheable\b"
)
_HEADER = re.compile(
    r"^\s*(?:async\s+)?def\s+\w+\s*\((?P<py>[^)]*)\)\s*(?:->\s*(?P<pyret>[^:]+))?:"
    r"|^\s*(?:public\s+|protected\s+|private\s+)?(?:static\s+)?(?P<jret>[\w.<>\[\], ?]+?)\s+\w+\s*\((?P<java>[^)]*)\)"
)
_MUTABLE = re.compile(
    r"^(dict|list|set|Dict|List|Set|MutableMapping|MutableSequence|defaultdict|dict\[.*|list\[.*|set\[.*|"
    r"Dict\[.*|List\[.*|Set\[.*|Map<.*|List<.*|Set<.*|HashMap<.*|ArrayList<.*)$"
)
_STORE = re.compile(
    r"\b(execute|query|cursor|session|get_connection|connection|\.objects\.|repository|repo\.|requests\.|httpx\.|"
    r"fetch\w*\(|jdbc\w*|entityManager|findBy\w*)\b|\.find\w*\(",
)
_BODY_ROWS = 20


def detect(changed: ChangedFile) -> Iterator[Finding]:
    """A memo decorator the change adds above an existing function that takes a key, loads from
    a store and returns a mutable container."""
    if changed.language not in ("python", "java"):
        return
    for hunk in changed.change.hunks:
        rows = [line for line in hunk.lines if line.kind != "-"]
        for index, row in enumerate(rows):
            if row.kind != "+" or not _MEMO.match(row.text):
                continue
            header = next((r for r in rows[index + 1 : index + 4] if _HEADER.match(r.text)), None)
            if header is None or header.kind != " ":
                continue  # a new function's memo is its design, judged with the function
            match = _HEADER.match(header.text)
            assert match is not None
            params = [p for p in (match.group("py") or match.group("java") or "").split(",")
                      if p.strip() and p.strip() not in ("self", "cls")]
            returned = (match.group("pyret") or match.group("jret") or "").strip()
            body = "\n".join(r.text for r in rows[rows.index(header) + 1 : rows.index(header) + 1 + _BODY_ROWS])
            mutable = bool(_MUTABLE.match(returned)) or re.search(r"^\s*return\s*[\[{]", body, re.MULTILINE) is not None
            if params and mutable and _STORE.search(body):
                yield finding(
                    "global_state_smuggling", changed, row,
                    f"`{snippet(row.text.strip(), 40)}` shares one mutable `{returned or 'container'}` per key "
                    f"across requests: what one caller changes in `{snippet(header.text.strip(), 40)}`'s "
                    "answer, the next one reads",
                )
                return
