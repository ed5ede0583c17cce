"""Every path setting is absolute once settings load: git and the sandbox run in other folders
(a mirror, a checkout), where the README's relative default `./.smith` named another place."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings

PATH_SETTINGS = ("data_dir", "github_private_key_path", "prompts_dir", "protected_paths_file",
                 "sandbox_tmp_dir")


@pytest.fixture
def clean(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in [n for n in __import__("os").environ if n.startswith("SMITH_")]:
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_default_data_folder_is_absolute_under_the_start_folder(clean: Path) -> None:
    settings = Settings()
    assert settings.data_dir == clean / ".smith"
    assert settings.workspace_dir.is_absolute() and settings.postgres_dir.is_absolute()


def test_relative_and_home_paths_from_the_environment(
    clean: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(clean / "home"))
    monkeypatch.setenv("SMITH_DATA_DIR", "data/../state")
    monkeypatch.setenv("SMITH_GITHUB_PRIVATE_KEY_PATH", "~/keys/app.pem")
    monkeypatch.setenv("SMITH_PROMPTS_DIR", "my-prompts")
    monkeypatch.setenv("SMITH_PROTECTED_PATHS_FILE", "./protected.yaml")
    monkeypatch.setenv("SMITH_SANDBOX_TMP_DIR", "tmp")
    monkeypatch.setenv("SMITH_SANDBOX_READONLY_PATHS", '["tools", "/opt/jdk"]')
    monkeypatch.setenv("SMITH_SANDBOX_HIDDEN_PATHS", '["secret"]')
    settings = Settings()
    assert settings.data_dir == clean / "state"
    assert settings.github_private_key_path == clean / "home" / "keys" / "app.pem"
    assert settings.prompts_dir == clean / "my-prompts"
    assert settings.protected_paths_file == clean / "protected.yaml"
    assert settings.sandbox_tmp_dir == clean / "tmp"
    assert settings.sandbox_readonly_paths == [str(clean / "tools"), "/opt/jdk"]
    assert settings.sandbox_hidden_paths == [str(clean / "secret")]
    for name in PATH_SETTINGS:
        value = getattr(settings, name)
        assert value is None or Path(value).is_absolute(), name


def test_paths_from_smith_toml_and_arguments_too(
    clean: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (clean / "conf.toml").write_text('data_dir = "from-toml"\n')
    monkeypatch.setenv("SMITH_CONFIG_FILE", "conf.toml")
    assert Settings().data_dir == clean / "from-toml"
    assert Settings(data_dir=Path("arg")).data_dir == clean / "arg"
