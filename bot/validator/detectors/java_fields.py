"""global_state_smuggling in Java: a shared object's field written in one method, read in another.

A `static` field is one per process; so is an instance field of a singleton component (a
Spring or JAX-RS controller, service, resource, servlet, filter or handler: one object answers
every request). A method that stores its argument there (`tenant = req.param("tenant")`) and
another that reads it (`reports.build(tenant)`) pass data between requests outside the call
chain, even when the field's declaration lies outside the diff's view. An entity's or a value
object's setter writing its own field is ordinary: the class has to be static by its visible
declaration or a singleton by its name. Constructors, setters and injection methods
(`@Autowired`, `@PostConstruct`, …) configure the object once; they are not request paths.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.validator.context import ChangedFile, is_full_line_comment
from bot.validator.detectors.common import finding, snippet
from bot.validator.diffparse import DiffLine
from bot.validator.models import Finding

_METHOD = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|protected|private|static|final|synchronized|abstract)\s+)*"
    r"(?:<[^>]+>\s+)?[\w<>\[\],.? ]+\s+(?P<name>[a-z_]\w*)\s*\((?P<params>.*)\)\s*(?:throws\s+[\w., ]+)?\s*\{?\s*$"
)
_CLASS = re.compile(r"\b(?:class|enum)\s+(?P<name>[A-Z]\w*)")
_SINGLETON_CLASS = re.compile(
    r"(Controller|Service|Resource|Servlet|Filter|Handler|Endpoint|Interceptor|Listener|Api)$"
)
_CONFIGURING = re.compile(
    r"^(set[A-Z_]|init|configure|setup|setUp|postConstruct|afterPropertiesSet)"
)
_INJECTION = re.compile(r"@(Autowired|Inject|PostConstruct|Value|Bean|Override\b(?=.*\bset))")
_WRITE = re.compile(r"^\s+(?:this\.)?(?P<name>[a-z_]\w*)\s*(?:[-+*/]?=(?!=))\s*(?P<value>[^;]+);")
_KEYWORDS = frozenset(
    {"return", "new", "this", "super", "null", "true", "false", "final", "var", "int", "long"}
)


def detect(changed: ChangedFile) -> Iterator[Finding]:
    """A field written from a method's parameter in one method and read in another (added lines)."""
    rows = [line for hunk in changed.change.hunks for line in hunk.lines if line.kind != "-"]
    sections = " ".join(hunk.section for hunk in changed.change.hunks)
    shared_class = _singleton(sections, rows, changed)
    added = {id(line) for line in changed.net_added}
    owner = _owners(rows, changed)
    for index, row in enumerate(rows):
        if id(row) not in added or is_full_line_comment(row.text, changed.language):
            continue
        write = _WRITE.match(changed.code(row))
        method = owner[index]
        if write is None or method is None:
            continue
        name, (header_index, method_name, params) = write.group("name"), method
        if (
            name in _KEYWORDS
            or name in params
            or _configuring(method_name, rows, header_index, changed)
        ):
            continue
        if not set(re.findall(r"\b[a-z_]\w*\b", write.group("value"))) & set(params):
            continue  # the field gets no argument of the request path
        if _declared_local(name, rows[header_index + 1 : index], changed):
            continue
        if not (shared_class or _declared_static(name, rows, changed)):
            continue
        if _read_elsewhere(name, rows, owner, header_index, added, changed):
            yield finding(
                "global_state_smuggling",
                changed,
                row,
                f"stores a request's argument on a shared object's field `{name}` that another method "
                f"reads: `{snippet(changed.code(row))}`",
            )
            return


def _singleton(sections: str, rows: list[DiffLine], changed: ChangedFile) -> bool:
    names = [m.group("name") for m in _CLASS.finditer(sections)]
    names += [m.group("name") for row in rows for m in _CLASS.finditer(changed.code(row))]
    return any(_SINGLETON_CLASS.search(name) for name in names)


def _owners(rows: list[DiffLine], changed: ChangedFile) -> list[tuple[int, str, set[str]] | None]:
    """For each row, the method header above it in view (its index, name and parameter names)."""
    owners: list[tuple[int, str, set[str]] | None] = []
    current: tuple[int, str, set[str]] | None = None
    for index, row in enumerate(rows):
        code = changed.code(row)
        header = _METHOD.match(code)
        if header and not re.match(r"^\s*(return|new|else|if|for|while|switch|catch)\b", code):
            params = {p.split()[-1] for p in header.group("params").split(",") if p.strip()}
            current = (index, header.group("name"), {p.strip("[].") for p in params})
        elif re.match(r"^\S", code) or re.match(
            r"^\s*(public|private|protected)?\s*(class|interface)\b", code
        ):
            current = None
        owners.append(current)
    return owners


def _configuring(name: str, rows: list[DiffLine], header: int, changed: ChangedFile) -> bool:
    above = " ".join(changed.code(row) for row in rows[max(0, header - 2) : header + 1])
    return bool(_CONFIGURING.match(name) or _INJECTION.search(above))


def _declared_local(name: str, body: list[DiffLine], changed: ChangedFile) -> bool:
    local = re.compile(rf"(^|[(;]\s*)\s*(final\s+)?[\w<>\[\],.? ]*[\w>\]]\s+{name}\s*(=(?!=)|;|:)")
    return any(local.search(changed.code(row)) for row in body)


def _declared_static(name: str, rows: list[DiffLine], changed: ChangedFile) -> bool:
    static = re.compile(rf"\bstatic\s+(?!final\b)[\w<>\[\],.? ]+\s+{name}\s*[=;]")
    return any(static.search(changed.code(row)) for row in rows)


def _read_elsewhere(
    name: str,
    rows: list[DiffLine],
    owner: list[tuple[int, str, set[str]] | None],
    header: int,
    added: set[int],
    changed: ChangedFile,
) -> bool:
    read = re.compile(rf"(?<![\w.])(this\.)?{name}\b(?!\s*[-+*/]?=(?!=))(?!\s*\()")
    for index, row in enumerate(rows):
        method = owner[index]
        if id(row) not in added or method is None or method[0] == header or name in method[2]:
            continue
        if _declared_local(name, rows[method[0] + 1 : index + 1], changed):
            continue
        if read.search(re.sub(r"\"(?:[^\"\\]|\\.)*\"", '""', changed.code(row))):
            return True
    return False
