"""Independent validator: static detectors over the diff and trajectory, merged with the model's verdict.

Names are imported lazily so `bot.protected_paths` can use the models without an import cycle.
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "validate_static": "bot.validator.static",
    "DiffParseError": "bot.validator.diffparse",
    "Finding": "bot.validator.models",
    "StaticVerdict": "bot.validator.models",
    "ModelVerdict": "bot.validator.models",
    "CriterionVerdict": "bot.validator.models",
    "FinalVerdict": "bot.validator.models",
    "VETO_KINDS": "bot.validator.models",
    "SOFT_KINDS": "bot.validator.models",
    "merge_verdicts": "bot.validator.merge",
}

__all__ = [
    "SOFT_KINDS",
    "VETO_KINDS",
    "CriterionVerdict",
    "DiffParseError",
    "FinalVerdict",
    "Finding",
    "ModelVerdict",
    "StaticVerdict",
    "merge_verdicts",
    "validate_static",
]


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'bot.validator' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module_name), name)
