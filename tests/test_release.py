"""One version, and every line that a user copies to install a release names
it: checker.__version__ (which pyproject.toml reads), the installed wheel's
metadata, CHANGELOG.md's newest entry, pre-commit's `rev` in docs/usage.md
and .pre-commit-hooks.yaml, and lintrunner's `init_command` in
docs/lintrunner.md. A release bumps `__version__`, adds its CHANGELOG entry,
and the project tags it `v<version>`."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib

from checker import __version__
from tests.helpers import REPO


def text(name: str) -> str:
    return (REPO / name).read_text(encoding="utf-8")


def test_the_version_is_written_once() -> None:
    project = tomllib.loads(text("pyproject.toml"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"] == {"path": "checker/__init__.py"}
    assert importlib.metadata.version("docs-check") == __version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_changelog_opens_with_this_version() -> None:
    headings = re.findall(r"(?m)^## (.+)$", text("CHANGELOG.md"))
    assert headings[0] == __version__


def test_pre_commit_rev_is_this_release_tag() -> None:
    usage = text("docs/usage.md")
    snippet = usage[usage.index("## Pre-commit hook\n") :]
    assert re.findall(r"(?m)^\s*rev: (\S+)", snippet)[0] == f"v{__version__}"
    hooks = text(".pre-commit-hooks.yaml")
    assert re.findall(r"(?m)^#\s*rev: (\S+)", hooks) == [f"v{__version__}"]


def test_lintrunner_init_installs_this_release() -> None:
    lintrunner = text("docs/lintrunner.md")
    requirements = re.findall(r'"\{\{DRYRUN\}\}", "([^"]+)"', lintrunner)
    assert requirements == [
        f"git+https://<your git host>/docs-check.git@v{__version__}",
        "git+https://<your git host>/docs-check.git@<commit SHA>",
        "/path/to/docs-check",
        f"/path/to/dist/docs_check-{__version__}-py3-none-any.whl",
    ]
    assert "docs-check==" not in lintrunner  # no package index has docs-check


def test_no_line_names_an_older_version() -> None:
    """0.1.0 was never tagged or published: nothing may tell a user to pin it."""
    for name in ("README.md", ".pre-commit-hooks.yaml", *map(str, REPO.glob("docs/*.md"))):
        assert "0.1.0" not in text(name), name
