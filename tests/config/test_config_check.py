"""`smith config check` and `smith config schema`: files checked offline with line numbers, the
published schemas in step with the models, and the README's examples valid."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from bot.cli import main
from bot.config_check import (
    SETTINGS_SCHEMA_FILE,
    TomlLines,
    check_settings_text,
    render_settings_schema,
    settings_json_schema,
)
from bot.repo_config import SCHEMA_FILE

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()

BAD_TOML = '''\
data_dir = "/tmp/x"
summon_permision = "write"

[budgets.installation]
day_usd = -3
weekly = 4

[budgets.repositories."acme/web"]
day_tokens = "many"

[access]
allow = "acme"
'''


def test_each_problem_of_a_settings_file_has_its_line():
    problems = [(p.line, p.text.split(":")[0]) for p in check_settings_text(BAD_TOML)]
    assert problems == [
        (2, "summon_permision"),  # a typo the server would silently ignore
        (5, "budgets.installation.day_usd"),
        (6, "budgets.installation.weekly"),
        (9, "budgets.repositories.acme/web.day_tokens"),
        (12, "access.allow"),
    ]


@pytest.mark.parametrize(("text", "line"), [
    ("a = 1\nb = [1,\n", 2),
    ("[budgets\nday_usd = 1\n", 1),
    ('model = "x"\nmodel = "y"\n', 2),
])
def test_a_toml_syntax_error_names_its_line(text, line):
    [problem] = check_settings_text(text)
    assert problem.line == line and problem.text.startswith("TOML syntax error")


def test_values_the_server_checks_are_checked_too():
    [problem] = check_settings_text('summon_permission = "everyone"\n')
    assert problem.line == 1 and "summon_permission" in problem.text
    assert check_settings_text('ANTHROPIC_API_KEY = "k"\n[labels]\nfailed = "x"\n') == []


def test_toml_lines_follow_tables_dotted_and_quoted_keys():
    lines = TomlLines('[a]\nb.c = 1\n"d e" = 2\n[[f]]\ng = 3\n')
    assert lines.line_of(("a", "b", "c")) == 2
    assert lines.line_of(("a", "d e")) == 3
    assert lines.line_of(("f", "g")) == 5
    assert lines.line_of(("a", "missing")) == 1  # the nearest written table
    assert lines.line_of(("nowhere",)) is None


def test_published_settings_schema_matches_the_model():
    assert SETTINGS_SCHEMA_FILE.read_text() == render_settings_schema(), (
        "regenerate: python -m bot.config_check > bot/settings.schema.json")
    assert str(ROOT) not in SETTINGS_SCHEMA_FILE.read_text()  # no install folder in it


def _readme_toml_blocks() -> list[str]:
    return re.findall(r"```toml\n(.*?)```", README, flags=re.DOTALL)


def test_every_readme_smith_toml_example_is_valid():
    blocks = _readme_toml_blocks()
    assert blocks, "the README shows smith.toml examples"
    schema = settings_json_schema()
    for block in blocks:
        assert check_settings_text(block) == [], block
        import tomllib

        jsonschema.validate(tomllib.loads(block), schema)


def test_the_readme_names_both_schemas_for_editors():
    assert "yaml-language-server: $schema=" in README
    assert str(SCHEMA_FILE.relative_to(ROOT)) in README
    assert str(SETTINGS_SCHEMA_FILE.relative_to(ROOT)) in README


def test_config_check_exit_codes_and_output(tmp_path, capsys):
    good, bad = tmp_path / "smith.toml", tmp_path / "bad.toml"
    good.write_text("[budgets.repository]\nday_usd = 5\n")
    bad.write_text(BAD_TOML)
    repo = tmp_path / ".smith.yml"
    repo.write_text("language: python\nbudgets:\n  day_usd: lots\n")
    assert main(["config", "check", str(good)]) == 0
    assert "valid (smith.toml)" in capsys.readouterr().out
    assert main(["config", "check", str(good), str(repo)]) == 1
    assert f"{repo}:3: budgets.day_usd:" in capsys.readouterr().out
    assert main(["config", "check", "--json", str(bad)]) == 1
    [result] = json.loads(capsys.readouterr().out)
    assert result["kind"] == "smith.toml" and not result["valid"]
    assert [p["line"] for p in result["problems"]] == [2, 5, 6, 9, 12]
    assert main(["config", "check", str(tmp_path / "absent.yml")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_config_check_without_a_path_reads_this_process_files(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SMITH_CONFIG_FILE", str(tmp_path / "smith.toml"))
    assert main(["config", "check"]) == 2
    assert "nothing to check" in capsys.readouterr().err
    (tmp_path / ".smith.yml").write_text("steps:\n  attempt_budget: 0\n")
    (tmp_path / "smith.toml").write_text("[access]\ndeny = ['x']\n")
    assert main(["config", "check"]) == 1
    out = capsys.readouterr().out
    assert "smith.toml: valid" in out and ".smith.yml:2: steps.attempt_budget" in out


def test_config_schema_prints_the_published_files(capsys):
    assert main(["config", "schema"]) == 0
    assert capsys.readouterr().out == SCHEMA_FILE.read_text()
    assert main(["config", "schema", "--settings"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "smith.toml"
