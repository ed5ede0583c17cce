"""Protected paths: matching that survives tricks, and every way a diff can touch a path."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.protected_paths import ProtectedPaths, normalize_path
from bot.validator.diffparse import DiffParseError
from bot.validator.protected import ProtectedPathViolation, assert_diff_unprotected, check_diff


@pytest.fixture(scope="module")
def protected() -> ProtectedPaths:
    return ProtectedPaths.load(extra=["migrations/", "!helm/"])


@pytest.mark.parametrize(
    "path",
    [
        "helm/api/values.yaml",
        "k8s/deploy.yaml",
        "Dockerfile",
        "services/api/Dockerfile.prod",
        ".github/workflows/ci.yml",
        ".gitlab-ci.yml",
        ".gitlab/ci/test.yml",
        ".smith.yml",
        "docker-compose.override.yml",
        "Jenkinsfile",
        ".circleci/config.yml",
        "CODEOWNERS",
        ".github/CODEOWNERS",
        "migrations/0001_init.py",
        # forge configuration, git behaviour, hook managers, agent instructions
        ".github/ISSUE_TEMPLATE/config.yml",
        ".github/dependabot.yml",
        ".github/copilot-instructions.md",
        "action.yml",
        "tools/action.yaml",
        ".gitattributes",
        "vendor/.gitattributes",
        ".gitmodules",
        ".husky/pre-commit",
        ".pre-commit-config.yaml",
        "AGENTS.md",
        "services/api/AGENTS.md",
        "CLAUDE.md",
        ".claude/settings.json",
        ".cursorrules",
        ".cursor/rules/python.mdc",
        "agents.md",
        # tricks
        ".GitHub/Workflows/ci.yml",
        "HELM/values.yaml",
        "./helm//values.yaml",
        "src/../k8s/x.yaml",
        "D\u043eckerfile",
        "\uff48\uff45\uff4c\uff4d/x",
        ".git\u200bhub/workflows/a.yml",
        ".github\u2215workflows/a.yml",
        "helm\\values.yaml",
        "Dockerfile.",
        ".smith.yml ",
    ],
)
def test_protected(protected, path):
    assert protected.matches(path), path
    assert protected.reason(path)


@pytest.mark.parametrize(
    "path",
    [
        "src/app.py",
        ".github/ISSUE_TEMPLATE/bug.md",
        ".github/pull_request_template.md",
        "docs/agents.md.txt",
        "src/claude.py",
        ".gitignore",
        "helmet/index.js",
        "docs/k8s.md",
        "app/docker.py",
        "tests/test_dockerfile_parser.py",
        "",
        "../",
        "src/jenkins.py",
    ],
)
def test_not_protected(protected, path):
    assert not protected.matches(path), path


@pytest.mark.parametrize(
    ("path", "glob"),
    [
        ("internal/k8s/labels.go", None),
        ("src/components/charts/LineChart.tsx", None),
        ("pkg/helm/render.py", None),
        ("k8s/deploy.yaml", "k8s/"),
        ("charts/api/templates/_helpers.tpl", "charts/"),
        ("k8s/hooks/pre-start.sh", "k8s/"),
        ("terraform/main.tf", "terraform/"),
        ("terraform/main.ts", "terraform/"),
        ("k8s/main.ts", "k8s/"),
        ("helm/render.py", "helm/"),
        (".github/k8s/check.py", ".github/"),
        ("migrations/k8s/0001.py", "migrations/"),
    ],
)
def test_manifest_folders_cover_manifests_not_source_code(protected, path, glob):
    """A deployment folder's glob (`k8s/`, `charts/`) protects its manifests; a program's source
    file in a folder of that name is product code (issue 27, eighth round), unless another glob
    covers it."""
    assert protected.reason(path) == glob


def test_a_manifest_folder_the_repository_lists_itself_covers_its_source_files_too():
    """The narrowing above is the defaults' reading; a repository that names `k8s/` in its
    `.smith.yml` asked for the whole folder, its operator's Python included."""
    listed = ProtectedPaths.load(extra=["k8s/"])
    assert listed.reason("k8s/operator.py") == "k8s/"
    assert listed.reason("internal/k8s/labels.go") == "k8s/"
    assert ProtectedPaths.load(extra=["charts/"]).reason("internal/k8s/labels.go") is None
    assert ProtectedPaths.load().reason("k8s/operator.py") == "k8s/"  # top level: deployment code


def test_repo_config_cannot_unprotect_defaults(protected):
    assert protected.reason("helm/x.yaml") == "helm/"


def test_normalize_path_folds_segments_and_lookalikes():
    assert normalize_path("./A//b/./c/../D.") == "a/b/d"
    assert normalize_path("\u0441\u043e\u0440\u0435") == "cope"


def test_bad_defaults_file_is_a_clear_error(tmp_path: Path):
    bad = tmp_path / "p.yaml"
    bad.write_text("protected: {a: 1}\n")
    with pytest.raises(ValueError, match="list of glob strings"):
        ProtectedPaths.load(defaults_file=bad)
    with pytest.raises(ValueError, match="cannot read"):
        ProtectedPaths.load(defaults_file=tmp_path / "missing.yaml")


def _kinds(findings):
    return [(f.path, f.detail.split(" protected")[0]) for f in findings]


def test_diff_rename_in_both_directions(protected, make_diff):
    out_of = make_diff(
        {"helm/values.yaml": {"before": "a: 1\n"}, "config/values.yaml": {"after": "a: 1\n"}}
    )
    into = make_diff(
        {"config/values.yaml": {"before": "a: 1\n"}, "k8s/values.yaml": {"after": "a: 1\n"}}
    )
    assert _kinds(check_diff(protected, out_of)) == [("helm/values.yaml", "renames from")]
    assert _kinds(check_diff(protected, into)) == [("k8s/values.yaml", "renames into")]


def test_diff_deletion_mode_change_and_symlink(protected, make_diff):
    deleted = make_diff({"Jenkinsfile": {"before": "pipeline {}\n"}})
    mode = make_diff(
        {
            ".github/workflows/ci.yml": {
                "before": "on: push\n",
                "after": "on: push\n",
                "after_mode": "755",
            }
        }
    )
    link = make_diff({"docs/ci.yml": {"after_symlink": "../.github/workflows/ci.yml"}})
    assert _kinds(check_diff(protected, deleted)) == [("Jenkinsfile", "deletes")]
    assert _kinds(check_diff(protected, mode)) == [
        (".github/workflows/ci.yml", "changes the mode of")
    ]
    assert [f.path for f in check_diff(protected, link)] == ["docs/ci.yml"]
    assert "symlink" in check_diff(protected, link)[0].detail


def test_diff_with_quoted_unicode_path(protected, make_diff):
    diff = make_diff({"\u0441\u0444/Dockerfile": {"after": "FROM scratch\n"}})
    assert '"b/\\321' in diff  # git quoted the path; the check must unquote it
    assert [f.path for f in check_diff(protected, diff)] == ["\u0441\u0444/Dockerfile"]


def test_unprotected_diff_passes_and_protected_raises(protected, make_diff):
    clean = make_diff({"src/a.py": {"before": "x = 1\n", "after": "x = 2\n"}})
    dirty = make_diff(
        {"src/a.py": {"before": "x = 1\n", "after": "x = 2\n"}, "k8s/a.yaml": {"after": "a: 1\n"}}
    )
    assert_diff_unprotected(clean, protected)
    with pytest.raises(ProtectedPathViolation) as caught:
        assert_diff_unprotected(dirty, protected)
    assert [f.path for f in caught.value.findings] == ["k8s/a.yaml"]
    assert "k8s/a.yaml" in str(caught.value)


def test_unreadable_diff_is_not_silently_allowed(protected):
    with pytest.raises(DiffParseError):
        assert_diff_unprotected("not a diff at all", protected)


@pytest.mark.parametrize(
    ("link", "target", "why"),
    [
        ("docs/workflows", "../.github/workflows", "protected path"),
        ("docs/github", "../.github", "protected path"),
        ("notes/agents", "../AGENTS.md", "protected path"),
        ("src/settings.py", "/etc/passwd", "absolute path"),
        ("src/key", "../../home/smith/key.pem", "leaves the repository"),
        ("escape", "..", "leaves the repository"),
    ],
)
def test_links_into_protected_places_or_out_of_the_repository_are_refused(
    protected, make_diff, link, target, why
):
    findings = check_diff(protected, make_diff({link: {"after_symlink": target}}))
    assert [f.path for f in findings] == [link]
    assert why in findings[0].detail


def test_a_link_inside_the_repository_to_a_free_path_is_allowed(protected, make_diff):
    assert check_diff(protected, make_diff({"src/current.py": {"after_symlink": "v2/api.py"}})) == []
