"""Valid artifact examples, one per agent step, as the model would submit them (plain JSON)."""

from __future__ import annotations

from typing import Any

VALID: dict[str, dict[str, Any]] = {
    "acceptance": {
        "status": "ready",
        "criteria": [
            {"id": "AC1", "kind": "primary",
             "behaviour": "Saving a profile with an empty phone number returns 200 instead of 401",
             "quote": "when I save my profile without a phone I get 401"},
            {"id": "AC2", "kind": "adjacent",
             "behaviour": "Saving a profile with a valid phone number still returns 200",
             "quote": "with a phone number it works fine"},
        ],
        "missing_data": [],
        "questions": [],
    },
    "diagnose": {
        "hypothesis": "The phone validator rejects the empty string as invalid input.",
        "root_cause": "validate_phone treats '' as a malformed number and raises AuthError "
                      "instead of treating an empty optional phone as absent.",
        "locations": [{"path": "app/profile/validators.py", "start_line": 40, "end_line": 48}],
        "rejected_hypotheses": [
            {"hypothesis": "The auth middleware drops the session on save",
             "why_rejected": "middleware.py:12 only checks the token, which is present"},
        ],
        "layer": "backend service",
        "scope": "single_bug",
        "invariant_change": None,
        "confirmed_assumptions": [
            {"assumption": "The phone field is optional in the schema",
             "evidence": "app/profile/schema.py:17"},
        ],
    },
    "judge": {
        "explains_symptom": True,
        "why": "An empty phone reaches validate_phone, which raises AuthError mapped to 401.",
        "latched_onto": "validators.py line 44 raising AuthError for ''",
    },
    "estimate": {
        "points": 1,
        "signs": ["one file, one function", "no invariant change"],
        "why_not_lower": None,
        "blast_radius": "low",
        "blast_evidence": ["validate_phone has 2 callers, both in app/profile"],
    },
    "plan": {
        "approach": "Treat an empty phone as absent in the validator and migrate stored values.",
        "steps": ["Add a reproduction test", "Change validate_phone", "Migrate stored ''"],
        "risks": ["Reports that count empty phones change"],
    },
    "brt": {
        "status": "written",
        "file": "tests/test_profile.py",
        "test_id": "tests/test_profile.py::test_empty_phone_is_accepted",
    },
    "implement": {
        "summary": "validate_phone now returns None for an empty string instead of raising.",
        "checklist": {"done": ["AC1: empty phone accepted"], "left": [], "could_not": []},
        "declared_tests": ["tests/test_profile.py"],
    },
    "self_review": {
        "findings": [
            {"axis": "sanity", "finding": "validators.py:44 used `if not phone`, now `== ''`",
             "fixed": True},
        ],
    },
    "validate": {
        "criteria": [
            {"id": "AC1", "covered": True,
             "evidence": "+    if phone == '':\n+        return None"},
            {"id": "AC2", "covered": True, "evidence": "the valid-phone path is unchanged"},
        ],
        "over_engineering": None,
        "honesty_concerns": [],
    },
    "rule_miner": {
        "proposals": [
            {"step": "self_review", "rule": "Compare with None explicitly where 0 is valid.",
             "evidence_failure_ids": [3, 9], "rationale": "Two fixes treated 0 as missing."},
        ],
    },
}
