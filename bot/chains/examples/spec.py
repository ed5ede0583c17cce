"""What an `smith:examples` issue asks for: `.smith.yml`'s `examples:` section on the base
branch, completed by the issue's fenced `smith` block.

The issue may name the files, the artefact, its contract and the evaluator, and add rules;
it may raise thresholds and lower limits, never the reverse (issue text is untrusted, and
the acceptance bar is fixed before generation). The thresholds' hash is taken here, before
the first model call, and shown in the change request.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import yaml
from pydantic import ValidationError

from bot.repo_config import ExamplesConfig, ExamplesLimits

_BLOCK = re.compile(r"^```+\s*smith\s*$\n(?P<body>.*?)^```+\s*$", re.MULTILINE | re.DOTALL)
_OVERRIDABLE = ("positives", "negatives", "artefact", "contract", "evaluator")


class SpecError(ValueError):
    """The issue or `.smith.yml` does not say enough (or says it wrongly); the message is
    for the maintainer."""


def issue_block(body: str) -> dict[str, Any]:
    """The `examples` mapping of the issue's fenced `smith` block (empty when absent)."""
    match = _BLOCK.search(body or "")
    if match is None:
        return {}
    try:
        data = yaml.safe_load(match["body"])
    except yaml.YAMLError as exc:
        raise SpecError(f"the `smith` block of the issue is not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise SpecError("the `smith` block of the issue must be a mapping of keys")
    section = data.get("examples", data)
    if not isinstance(section, dict):
        raise SpecError("`examples:` in the issue's `smith` block must be a mapping")
    return section


def resolve(config: ExamplesConfig, body: str) -> ExamplesConfig:
    """The base branch's section, completed and tightened by the issue's block."""
    try:
        asked = ExamplesConfig.model_validate(issue_block(body))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                             for e in exc.errors()[:5])
        raise SpecError(f"the issue's `smith` block cannot be used: {problems}") from None
    given = asked.model_fields_set
    values = config.model_dump()
    for name in _OVERRIDABLE:
        if name in given:
            values[name] = getattr(asked, name)
    values["rules"] = [*config.rules, *(r for r in asked.rules if r not in config.rules)]
    values["thresholds"] = config.thresholds.strongest(asked.thresholds).model_dump()
    values["limits"] = ExamplesLimits(**{
        name: min(getattr(config.limits, name), getattr(asked.limits, name))
        for name in ExamplesLimits.model_fields}).model_dump()
    spec = ExamplesConfig.model_validate(values)
    missing = [what for what, present in (
        ("positives", spec.positives), ("negatives", spec.negatives),
        ("artefact", spec.artefact), ("evaluator", spec.evaluator)) if not present]
    if missing:
        raise SpecError("the examples chain needs " + ", ".join(f"`{m}`" for m in missing)
                        + " in `.smith.yml` (`examples:`) or in the issue's `smith` block")
    return spec


def acceptance_digest(spec: ExamplesConfig, *, seed: int, fraction: float) -> str:
    """The hash of everything fixed before generation: thresholds, limits, rules, split."""
    fixed = {"thresholds": spec.thresholds.model_dump(), "limits": spec.limits.model_dump(),
             "rules": spec.rules, "seed": seed, "held_out_fraction": fraction,
             "evaluator": spec.evaluator, "examples": spec.example_files}
    return hashlib.sha256(json.dumps(fixed, sort_keys=True).encode()).hexdigest()
