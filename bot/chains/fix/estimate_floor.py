"""The least an estimate may be, from facts of the judged diagnosis (ESTIMATE's prompt scale).

The model classifies the fix; code checks the classification against what the diagnosis itself
says: the files and layers it names, an invariant change and who relies on it, a class of bugs
rather than one. Points below the floor those facts imply are raised to it, with the reasons,
so a fix that touches two layers cannot slip under the approval gate as "1 point".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.chains.fix.artifacts import Diagnosis
from bot.codegraph.models import BlastRadius
from bot.validator.filekinds import layer_of

MANY_RELIANTS = 5
"""An invariant relied on by this many callers (named, or counted by the graph) is a 3."""
SEVERAL_FILES = 4
"""Product files from which a fix counts as "several modules" (3 points); two or three are a 2."""
SEVERAL_LAYERS = 3


@dataclass(frozen=True)
class EstimateFloor:
    """The lowest points the diagnosis allows and the facts behind it (empty: no floor)."""

    points: float = 0.5
    reasons: list[str] = field(default_factory=list)


def _product_paths(diagnosis: Diagnosis) -> list[str]:
    paths = dict.fromkeys(location.path for location in diagnosis.locations)
    return [path for path in paths if layer_of(path) != "test"]


def estimate_floor(diagnosis: Diagnosis, radius: BlastRadius | None = None) -> EstimateFloor:
    """Each fact with the points it implies on the scale of prompts/estimate.md; the floor is
    the highest of them."""
    signs: list[tuple[float, str]] = []
    files = _product_paths(diagnosis)
    if len(files) >= SEVERAL_FILES:
        signs.append((3, f"the diagnosis names {len(files)} files (several modules)"))
    elif len(files) >= 2:
        signs.append((2, f"the diagnosis names {len(files)} files: {', '.join(files)}"))
    layers = sorted({layer_of(path) for path in files})
    if len(layers) >= SEVERAL_LAYERS:
        signs.append((3, f"the locations span {len(layers)} layers ({', '.join(layers)})"))
    elif len(layers) == 2:
        signs.append((2, f"the locations span two layers ({' and '.join(layers)})"))
    change = diagnosis.invariant_change
    if change is not None:
        reliants = len(change.relied_on_by)
        callers = radius.direct_callers if radius is not None else 0
        if reliants >= MANY_RELIANTS or (radius is not None and radius.rating == "high"):
            many = f"{reliants} named" + (f", {callers} callers in the code graph" if radius
                                         else "")
            signs.append((3, f"the fix changes an invariant relied on by many ({many})"))
        else:
            signs.append((2, f"the fix changes an invariant {reliants} place(s) rely on"))
    if diagnosis.scope == "class_of_bugs":
        signs.append((2, "the diagnosis found a class of bugs, not one"))
    if not signs:
        return EstimateFloor()
    points = max(points for points, _ in signs)
    return EstimateFloor(points=points, reasons=[reason for _, reason in signs])
