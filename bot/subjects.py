"""What a run belongs to: an issue, a change request, or a named campaign of a repository.

One live run per subject (a partial unique index on `runs` and a job lock per subject). A fix
or rework run belongs to its issue; a test-generation run asked for on a change request belongs
to that change request; a coverage-driven campaign has no issue and is named by its target,
e.g. `tests:coverage`. Pure values, no I/O: the store, the handlers and the CLI all use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

SubjectKind = Literal["issue", "change_request", "campaign"]
SUBJECT_KINDS: tuple[SubjectKind, ...] = get_args(SubjectKind)


@dataclass(frozen=True)
class Subject:
    """`key` is the item's number as text, or the campaign's target."""

    kind: SubjectKind
    key: str

    @classmethod
    def issue(cls, number: int) -> Subject:
        return cls("issue", str(number))

    @classmethod
    def change_request(cls, number: int) -> Subject:
        return cls("change_request", str(number))

    @classmethod
    def campaign(cls, target: str) -> Subject:
        if not target or "#" in target or len(target) > 200:
            raise ValueError(f"not a campaign target: {target!r}")
        return cls("campaign", target)

    @property
    def number(self) -> int | None:
        """The issue's or change request's number; None for a campaign."""
        return int(self.key) if self.kind != "campaign" else None

    def label(self) -> str:
        """How people read it: `issue #12`, `change request #7`, `campaign tests:coverage`."""
        if self.kind == "campaign":
            return f"campaign {self.key}"
        return f"{self.kind.replace('_', ' ')} #{self.key}"
