"""The base every step's artifact builds on, and the field types every chain shares.

Each agent step ends by calling `submit_<artifact>` whose input schema is the artifact's JSON
schema, so field descriptions are instructions to the model; unknown fields are rejected so typos
surface as errors instead of reaching code. Chains define their own artifacts on this base.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


def _check_repo_path(value: str) -> str:
    """Paths the model cites must be relative to the checkout: code checks they exist."""
    if value.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", value):
        raise ValueError("path must be relative to the repository root, not absolute")
    parts = value.replace("\\", "/").split("/")
    if ".." in parts:
        raise ValueError("path must not contain '..'")
    if parts[0] == ".git":
        raise ValueError("paths inside .git/ are not part of the code")
    return value


Text = Annotated[str, Field(min_length=3)]
"""A non-trivial piece of prose; whitespace is stripped first (see Artifact.model_config)."""

RepoPath = Annotated[str, Field(min_length=1, max_length=500), AfterValidator(_check_repo_path)]


class Artifact(BaseModel):
    """Base of every artifact: unknown fields are rejected so typos surface as errors."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class PublishResult(Artifact):
    """What a publishing step did: the change request it opened or updated."""

    url: str
    number: int
    branch: str
    created: bool = Field(description="True if the change request was opened, False if updated.")
