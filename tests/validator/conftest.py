"""Shared helpers for validator tests: build real git diffs from before/after trees."""

from __future__ import annotations

import pytest

from tests.validator.build_corpus import build_case_from_files


@pytest.fixture
def make_diff():
    """make_diff({"path": {"before": ..., "after": ...}}) → the `git diff --cached -M` text."""
    return build_case_from_files
