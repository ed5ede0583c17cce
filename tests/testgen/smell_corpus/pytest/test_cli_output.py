# smells: none
from tools.cli import main


def test_help_lists_the_commands(capsys):
    exit_code = main(["--help"])
    out = capsys.readouterr().out
    assert exit_code == 0
    assert "sync" in out and "status" in out


def test_unknown_command_fails(capsys):
    assert main(["frobnicate"]) == 2
    assert "unknown command" in capsys.readouterr().err
