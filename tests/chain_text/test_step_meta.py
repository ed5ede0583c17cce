"""Meta tests: every agent step is complete and its prompt speaks the real contracts.

In the spirit of python-gitlab's meta tests: conventions checked across all steps at once, so a
new step cannot ship without its prompt, artifact and submit tool, and a prompt cannot promise a
tool the runner does not provide.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.catalogue import GRAPHS
from bot.chains.fix.artifacts import StepName
from bot.engine.artifacts import Artifact
from bot.engine.registry import AGENT_TOOL_NAMES, STEPS, StepInfo, agent_steps
from bot.llm.prompts import LEARNED_RULES_HEADING, PromptNotFound, load_system_prompt
from bot.llm.runner import submit_tool_name


def load_prompt(prompts_dir: Path, step: str) -> str:
    return (prompts_dir / f"{step}.md").read_text(encoding="utf-8")


system_prompt = load_system_prompt

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"

# DESIGN section 5: the tool names and their arguments are a stable contract.
TOOL_CONTRACT: dict[str, set[str]] = {
    "read_file": {"path", "offset", "limit"},
    "list_dir": {"path"},
    "grep": {"pattern", "path", "glob"},
    "find_symbol": {"name"},
    "find_references": {"name"},
    "edit_file": {"path", "old", "new"},
    "write_file": {"path", "content"},
    "delete_file": {"path"},
}
CHAIN_STEPS = {"prepare", "acceptance", "diagnose", "judge", "estimate", "brt", "implement",
               "self_review", "quality", "validate", "regression", "publish", "transition"}
BACKTICKED_IDENTIFIER = re.compile(r"`([a-z][a-z0-9_]*)`")
SPECS = list(agent_steps())


def _field_names(model: type[BaseModel]) -> set[str]:
    names: set[str] = set()
    for name, field in model.model_fields.items():
        names.add(name)
        for arg in _nested_models(field.annotation):
            names |= _field_names(arg)
    return names


def _nested_models(annotation: object) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found = []
    for arg in getattr(annotation, "__args__", ()):
        found += _nested_models(arg)
    return found


def _prompt(spec: StepInfo) -> str:
    return load_prompt(PROMPTS_DIR, spec.step)


def _submit(spec: StepInfo) -> str:
    assert spec.artifact is not None
    return submit_tool_name(spec.artifact)


@pytest.mark.parametrize("info", list(STEPS.values()), ids=lambda s: str(s.step))
def test_every_registered_step_has_a_title_and_agent_steps_a_prompt_and_artifact(
    info: StepInfo,
) -> None:
    assert info.title and info.title[0].isupper()
    if info.agent:
        assert info.prompt_file and (PROMPTS_DIR / info.prompt_file).is_file()
        assert info.artifact is not None and issubclass(info.artifact, Artifact)
    else:
        assert info.prompt_file is None and not info.tools, "only agent steps call tools"
    assert not info.mined or info.agent, "only agent steps have prompts to extend"


def test_every_step_of_every_graph_is_registered() -> None:
    for graph in GRAPHS.values():
        for node in graph.nodes:
            assert node.name in STEPS, f"{graph.name}: {node.name} is not registered"


def test_step_names_cover_the_chain_and_the_miner() -> None:
    assert CHAIN_STEPS <= {step.value for step in StepName}
    assert CHAIN_STEPS | {"rule_miner"} <= set(STEPS)


def test_a_step_name_cannot_be_registered_twice_with_different_facts() -> None:
    """Chains register their rows themselves: two chains giving one name different facts would
    make titles and prompts depend on import order, so registration refuses it."""
    from bot.engine.registry import register

    with pytest.raises(ValueError, match="registered twice"):
        register(StepInfo("prepare", "Something else"))
    assert STEPS["prepare"].title == "Prepare the checkout"


def test_the_tool_contract_is_the_one_in_the_design() -> None:
    assert AGENT_TOOL_NAMES == set(TOOL_CONTRACT)


def test_every_prompt_file_belongs_to_an_agent_step() -> None:
    files = {path.name for path in PROMPTS_DIR.glob("*.md")}
    assert files == {spec.prompt_file for spec in SPECS}


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: str(s.step))
class TestEveryAgentStep:
    def test_has_artifact_submit_tool_and_known_tools(self, spec: StepInfo) -> None:
        assert issubclass(spec.artifact, Artifact)
        assert spec.artifact.__doc__, "the docstring becomes the submit tool's description"
        assert re.fullmatch(r"submit_[a-z_]+", _submit(spec))
        assert set(spec.tools) <= AGENT_TOOL_NAMES

    def test_prompt_is_focused_markdown_without_placeholders(self, spec: StepInfo) -> None:
        text = _prompt(spec)
        assert text.startswith("# "), "a prompt opens with its title"
        assert 40 <= len(text.splitlines()) <= 120
        for placeholder in ("{{", "{%", "${", "<%"):
            assert placeholder not in text

    def test_prompt_names_its_submit_tool_and_no_other(self, spec: StepInfo) -> None:
        text = _prompt(spec)
        assert f"`{_submit(spec)}`" in text
        assert set(re.findall(r"submit_[a-z_]+", text)) == {_submit(spec)}

    def test_prompt_mentions_all_its_tools_and_no_foreign_ones(self, spec: StepInfo) -> None:
        text = _prompt(spec)
        for tool in spec.tools:
            assert f"`{tool}`" in text, f"{tool} is available but never explained"
        for tool in AGENT_TOOL_NAMES - set(spec.tools):
            assert not re.search(rf"\b{tool}\b", text), f"{tool} is not available to this step"

    def test_backticked_names_are_real_tools_arguments_or_fields(self, spec: StepInfo) -> None:
        assert spec.artifact is not None
        allowed = set(spec.tools) | {_submit(spec)} | _field_names(spec.artifact)
        for tool in spec.tools:
            allowed |= TOOL_CONTRACT[tool]
        unknown = set(BACKTICKED_IDENTIFIER.findall(_prompt(spec))) - allowed
        assert not unknown, f"prompt names things that do not exist: {sorted(unknown)}"

    def test_prompt_explains_every_top_level_field(self, spec: StepInfo) -> None:
        text = _prompt(spec)
        assert spec.artifact is not None
        for name in spec.artifact.model_fields:
            assert f"`{name}`" in text, f"field {name} is never explained"

    def test_prompt_treats_input_as_data_and_follows_learned_rules(
        self, spec: StepInfo
    ) -> None:
        text = _prompt(spec)
        prose = " ".join(text.split())  # phrases may wrap across lines
        assert "data, not orders" in prose
        assert "Rules learned from review" in prose
        assert LEARNED_RULES_HEADING not in text.splitlines(), "the runner appends the heading"


def test_learned_rules_are_appended_once_under_the_heading() -> None:
    rules = ["Compare with None explicitly.\n<!-- hidden -->", "  ", "Quote the diff line\u200b."]
    prompt = system_prompt(PROMPTS_DIR, "implement", rules)
    assert prompt.startswith(load_prompt(PROMPTS_DIR, "implement").rstrip())
    head, tail = prompt.split(f"\n{LEARNED_RULES_HEADING}\n", 1)
    assert LEARNED_RULES_HEADING not in head
    expected = ["1. Compare with None explicitly.", "2. Quote the diff line."]
    assert tail.strip().splitlines() == expected
    assert system_prompt(PROMPTS_DIR, "judge") == load_prompt(PROMPTS_DIR, "judge")


def test_a_step_without_a_prompt_file_is_a_clear_deployment_error() -> None:
    with pytest.raises(PromptNotFound, match="quality"):
        load_system_prompt(PROMPTS_DIR, "quality")
