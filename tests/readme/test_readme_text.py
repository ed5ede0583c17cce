"""What the README promises that can be checked without running Smith: CI runs its test line,
and every `.smith.yml` it shows is one Smith accepts (the schema it publishes, and the loader)."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from bot.repo_config import SCHEMA_FILE, load_repo_config
from tests.readme import readme


def test_ci_runs_exactly_the_readme_test_line() -> None:
    [line] = readme.blocks(readme.section("Test it"), "sh")[0].strip().splitlines()
    ci = (readme.ROOT / ".ci" / "run").read_text().splitlines()
    assert line in ci, "the README's test line and .ci/run differ"


@pytest.mark.parametrize("where", sorted(readme.smith_yml_examples()))
def test_every_smith_yml_example_is_accepted(where: str) -> None:
    example = readme.smith_yml_examples()[where]
    jsonschema.validate(yaml.safe_load(example), json.loads(SCHEMA_FILE.read_text()))
    load_repo_config(example)  # raises RepoConfigError with the line on a bad file


def test_the_readme_shows_the_setup_examples_the_executed_test_runs() -> None:
    """The executed README test (test_readme_runs.py) runs doctor on each example with a setup;
    if they disappeared from the README it would run nothing."""
    with_setup = [where for where, example in readme.smith_yml_examples().items()
                  if (yaml.safe_load(example) or {}).get("setup")]
    assert len(with_setup) >= 2, with_setup
