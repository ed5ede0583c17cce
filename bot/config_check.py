"""`smith config check`: a `smith.toml` or a `.smith.yml` checked offline against its schema,
each problem with its line, before a server or a run trips over it.

The `.smith.yml` check is the one a run makes (bot/repo_config.py). A `smith.toml` is read as
the server reads it, but strictly: the server ignores keys it does not know (so a variable of
another tool in the environment is harmless), while a file is checked for them, since there an
unknown key is a typo that silently changes nothing.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource

from bot.config import PROJECT_ROOT, Settings
from bot.repo_config import RepoConfigError, load_repo_config

SETTINGS_SCHEMA_FILE = Path(__file__).with_name("settings.schema.json")
"""The published schema of `smith.toml` (beside `repo_config.schema.json` of `.smith.yml`)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (1-based line, None when unknown) and what."""

    line: int | None
    text: str

    def render(self, source: str) -> str:
        return f"{source}:{self.line}: {self.text}" if self.line else f"{source}: {self.text}"


def is_settings_file(path: Path) -> bool:
    """`*.toml` is Smith's settings; anything else (`.smith.yml`) a repository's config."""
    return path.suffix.lower() == ".toml"


def check_file(path: Path) -> list[Problem]:
    """The problems of the file at `path` (empty: it is valid). Raises OSError if unreadable."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return check_settings_text(text) if is_settings_file(path) else check_repo_text(text)


def check_repo_text(text: str) -> list[Problem]:
    try:
        load_repo_config(text)
    except RepoConfigError as exc:
        return [Problem(line, message) for line, message in exc.problems]
    return []


class _FileOnly(Settings):
    """The settings from the given values alone: no environment, secret files or smith.toml."""

    @classmethod
    def settings_customise_sources(
        cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)


_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def check_settings_text(text: str) -> list[Problem]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_AT.search(str(exc))
        message = _TOML_AT.sub("", str(exc)).replace("(at end of document)", "").strip()
        line = int(found.group(1)) if found else len(text.splitlines()) or None
        where = f" (column {found.group(2)})" if found else ""
        return [Problem(line, f"TOML syntax error{where}: {message}")]
    lines = TomlLines(text)
    problems = [Problem(lines.line_of(loc), f"{'.'.join(loc)}: unknown setting")
                for loc in unknown_keys(data, Settings)]
    try:
        _FileOnly(**data)
    except ValidationError as exc:
        for error in exc.errors():
            loc = tuple(str(part) for part in error["loc"])
            if error["type"] == "extra_forbidden":
                continue  # said above, with the same line
            problems.append(Problem(lines.line_of(loc), f"{'.'.join(loc)}: {error['msg']}"))
    return sorted(problems, key=lambda p: (p.line or 0, p.text))


def _known_names(model: type[BaseModel]) -> dict[str, str]:
    """Lower-cased key → field name: each field by its name and by every alias."""
    names: dict[str, str] = {}
    for name, field in model.model_fields.items():
        names[name.lower()] = name
        alias = field.validation_alias
        choices = getattr(alias, "choices", [alias] if isinstance(alias, str) else [])
        names.update({str(choice).lower(): name for choice in choices})
    return names


def _model_of(annotation: Any) -> type[BaseModel] | None:
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) \
        else None


def unknown_keys(data: dict[str, Any], model: type[BaseModel],
                 at: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Keys `model` (and the models and `dict[str, Model]` tables under it) does not know."""
    found: list[tuple[str, ...]] = []
    known = _known_names(model)
    for key, value in data.items():
        name = known.get(key.lower())
        if name is None:
            found.append((*at, key))
            continue
        annotation = model.model_fields[name].annotation
        inner = _model_of(annotation)
        if inner is not None and isinstance(value, dict):
            found += unknown_keys(value, inner, (*at, key))
        args: tuple[Any, ...] = tuple(getattr(annotation, "__args__", ()))
        if (getattr(annotation, "__origin__", None) is dict and len(args) == 2
                and (table := _model_of(args[-1])) is not None and isinstance(value, dict)):
            for sub, entry in value.items():
                if isinstance(entry, dict):
                    found += unknown_keys(entry, table, (*at, key, sub))
    return found


_KEY_PART = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_HEADER = re.compile(rf"^\s*\[\[?\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\]?\s*(?:#.*)?$")
_ASSIGN = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(part.strip("\"'") for part in re.findall(_KEY_PART, dotted))


class TomlLines:
    """Where each key of a TOML text is written: the line of `[table]` headers and of
    `key = ...` lines, by their full dotted path (tomllib keeps no positions)."""

    def __init__(self, text: str) -> None:
        self.where: dict[tuple[str, ...], int] = {}
        table: tuple[str, ...] = ()
        for number, line in enumerate(text.splitlines(), start=1):
            if header := _HEADER.match(line):
                table = _parts(header.group(1))
                self.where.setdefault(table, number)
            elif assign := _ASSIGN.match(line):
                self.where.setdefault((*table, *_parts(assign.group(1))), number)

    def line_of(self, loc: tuple[str, ...]) -> int | None:
        """The line of `loc`, else of the nearest table or key above it that is written."""
        lowered = {tuple(p.lower() for p in key): line for key, line in self.where.items()}
        for end in range(len(loc), 0, -1):
            line = lowered.get(tuple(p.lower() for p in loc[:end]))
            if line is not None:
                return line
        return None


def settings_json_schema() -> dict[str, Any]:
    """The JSON Schema of `smith.toml` (for editors: taplo / Even Better TOML)."""
    schema = Settings.model_json_schema()
    for field in schema["properties"].values():  # the install folder is no stable default
        default = field.get("default")
        if isinstance(default, str) and default.startswith(str(PROJECT_ROOT) + "/"):
            field["default"] = "./" + default[len(str(PROJECT_ROOT)) + 1:]
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "smith.toml"
    schema["additionalProperties"] = False
    return schema


def render_settings_schema() -> str:
    return json.dumps(settings_json_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # `python -m bot.config_check > bot/settings.schema.json`
    import sys

    sys.stdout.write(render_settings_schema())
