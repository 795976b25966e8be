"""One version, and every line that a user copies to install a release names
it: checker.__version__ (which pyproject.toml reads), the installed wheel's
metadata, CHANGELOG.md's newest entry, and the tag `v<version>` beside the
commit pins of pre-commit's `rev` (docs/usage.md, .pre-commit-hooks.yaml)
and lintrunner's `init_command` (docs/lintrunner.md), which work before the
tag exists. A release bumps `__version__`, adds its CHANGELOG entry, and the
project tags it `v<version>`."""

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


def test_pre_commit_rev_pins_a_commit_and_names_the_release_tag() -> None:
    """The snippet a user pastes works before the release is tagged: it pins a
    commit. The tag `v<version>`, which the release creates, is named beside
    it, and `pre-commit autoupdate` moves `rev` to it once it exists."""
    usage = text("docs/usage.md")
    snippet = usage[usage.index("## Pre-commit hook\n") :]
    assert re.findall(r"(?m)^\s*rev: (\S+)", snippet)[0] == "<commit-sha>"
    assert f"`v{__version__}`" in snippet and "pre-commit autoupdate" in snippet
    hooks = text(".pre-commit-hooks.yaml")
    assert re.findall(r"(?m)^#\s*rev: (\S+)", hooks) == ["<commit-sha>"]


def test_lintrunner_init_installs_a_commit_and_names_the_release_tag() -> None:
    lintrunner = text("docs/lintrunner.md")
    requirements = re.findall(r'"\{\{DRYRUN\}\}", "([^"]+)"', lintrunner)
    assert requirements == [
        "git+https://<your git host>/docs-check.git@<commit-sha>",
        f"git+https://<your git host>/docs-check.git@v{__version__}",
        "/path/to/docs-check",
        f"/path/to/dist/docs_check-{__version__}-py3-none-any.whl",
    ]
    assert "docs-check==" not in lintrunner  # no package index has docs-check


def test_no_snippet_pins_a_tag_before_the_release_creates_it() -> None:
    """`rev: v0.2.0` pasted while no such tag exists: pre-commit fails to
    clone it. The first line a user copies pins what exists today."""
    usage, lintrunner = text("docs/usage.md"), text("docs/lintrunner.md")
    hooks = text(".pre-commit-hooks.yaml")
    first_rev = re.findall(r"(?m)^#?\s*rev: (\S+)", usage[usage.index("## Pre-commit hook\n") :])
    first_pip = re.findall(r'"\{\{DRYRUN\}\}", "([^"]+)"', lintrunner)[0]
    for pinned in (first_rev[0], first_pip, *re.findall(r"(?m)^#\s*rev: (\S+)", hooks)):
        assert not re.search(r"v\d+\.\d+\.\d+$", pinned), pinned


def test_no_line_names_an_older_version() -> None:
    """0.1.0 was never tagged or published: nothing may tell a user to pin it."""
    for name in ("README.md", ".pre-commit-hooks.yaml", *map(str, REPO.glob("docs/*.md"))):
        assert "0.1.0" not in text(name), name
