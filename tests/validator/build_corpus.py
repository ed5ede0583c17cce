"""Build corpus diffs with real git: each case's before/after files → `git diff --cached -M`.

Run after adding or editing a case (the .diff files are committed, so tests need no git):
    .venv/bin/python tests/validator/build_corpus.py [--corpus tests/validator/blind/train]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

CORPUS = Path(__file__).resolve().parent / "corpus"
GIT_ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "corpus",
    "GIT_AUTHOR_EMAIL": "corpus@example.invalid",
    "GIT_COMMITTER_NAME": "corpus",
    "GIT_COMMITTER_EMAIL": "corpus@example.invalid",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, env=GIT_ENV
    ).stdout


def gofmt_indent(text: str) -> str:
    """Cases are written with 4-space indents (YAML dislikes tabs); Go code is tab-indented."""
    out = []
    for line in text.splitlines(keepends=True):
        stripped = line.lstrip(" ")
        depth = (len(line) - len(stripped)) // 4
        out.append("\t" * depth + stripped)
    return "".join(out)


def write_tree(repo: Path, files: dict[str, dict[str, object]], side: str) -> None:
    for path, spec in files.items():
        target = repo / path
        content = spec.get(side)
        link = spec.get(f"{side}_symlink")
        if content is None and link is None:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if link is not None:
            target.symlink_to(str(link))
        else:
            text = str(content)
            if path.endswith(".go"):
                text = gofmt_indent(text)
            target.write_text(text, encoding="utf-8")
        mode = spec.get(f"{side}_mode")
        if mode:
            target.chmod(int(str(mode), 8))


def build_case(case_file: Path) -> str:
    case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
    return build_case_from_files(case["files"])


def build_case_from_files(files: dict[str, dict[str, object]]) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        git(repo, "init", "-q", "-b", "main")
        git(repo, "config", "core.symlinks", "true")
        write_tree(repo, files, "before")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "--allow-empty", "-m", "before")
        for path in files:
            target = repo / path
            if target.is_symlink() or target.exists():
                target.unlink()
        write_tree(repo, files, "after")
        git(repo, "add", "-A")
        return git(repo, "diff", "--cached", "-M", "--no-color", "--no-ext-diff")


def main(names: list[str], corpus: Path = CORPUS) -> int:
    out_dir = corpus / "diffs"
    out_dir.mkdir(exist_ok=True)
    cases = sorted((corpus / "cases").glob("*.yaml"))
    for case_file in cases:
        if names and case_file.stem not in names:
            continue
        diff = build_case(case_file)
        if not diff.strip():
            print(f"{case_file.stem}: empty diff", file=sys.stderr)
            return 1
        (out_dir / f"{case_file.stem}.diff").write_text(diff, encoding="utf-8")
    print(f"built {len(cases)} case(s) into {out_dir}")
    return 0


if __name__ == "__main__":  # [--corpus FOLDER] [NAME ...]
    args = sys.argv[1:]
    folder = CORPUS
    if args[:1] == ["--corpus"]:
        folder, args = Path(args[1]).resolve(), args[2:]
    raise SystemExit(main(args, folder))
