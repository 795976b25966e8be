"""docs/internals.md's "A new lint rule" names every file a new rule takes:
each path it names exists, and it names the files the tests of the registry,
the examples and the catalogue read, and every snapshot that declares all
ids, so a file moved, or a new snapshot of every id, fails here until the
recipe says so."""

from __future__ import annotations

import re
from pathlib import Path

import checker
from checker.i18n import DOMAIN, LOCALE_DIR
from checker.ids import registry
from checker.ids.examples import EXAMPLES_FILE
from checker.ids.registry import CHECKS
from tests.app.test_outputs_unchanged import CORPUS_CASES, SNAPSHOTS
from tests.helpers import FIXTURES, REPO

INTERNALS = REPO / "docs" / "internals.md"
HEADING = "## A new lint rule"
PATH = re.compile(r"`((?:checker|docs|tests|examples)/[^`\s]*)`")
PACKAGE = Path(checker.__file__).parent  # the installed package, as the tests run it


def recipe(text: str) -> str:
    """The section's text, from its heading to the next."""
    start = text.index(HEADING + "\n")
    end = text.find("\n## ", start + len(HEADING))
    return text[start : end if end != -1 else len(text)]


def named(text: str) -> list[str]:
    """Every path the recipe names (a `*` in one is a pattern of files)."""
    return PATH.findall(recipe(text))


def in_repository(path: Path) -> str:
    """A file of the installed package as the checkout names it."""
    return "checker/" + path.relative_to(PACKAGE).as_posix()


def declaring_every_id() -> set[str]:
    """The fixture files that name every id of the registry (SARIF's rules)."""
    found = set()
    for path in FIXTURES.rglob("*"):
        if path.is_file() and path.suffix in {".json", ".txt"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            if all(f'"{check.id}"' in text for check in CHECKS):
                found.add(path.relative_to(REPO).as_posix())
    return found


def test_the_recipe_is_read_from_its_section() -> None:
    text = (
        f"# X\n\n{HEADING}\n\n1. `checker/a.py`: one\n2. `docs/b.md` and `x/c`\n\n"
        "## Next\n`tests/d`\n"
    )
    assert named(text) == ["checker/a.py", "docs/b.md"]


def test_every_path_the_recipe_names_exists() -> None:
    paths = named(INTERNALS.read_text(encoding="utf-8"))
    missing = [p for p in paths if not (any(REPO.glob(p)) if "*" in p else (REPO / p).exists())]
    assert paths and missing == [], f"the recipe names what is not there: {missing}"


def test_the_recipe_names_every_file_a_rule_takes() -> None:
    paths = set(named(INTERNALS.read_text(encoding="utf-8")))
    wanted = {
        in_repository(Path(registry.__file__)),  # CHECKS
        in_repository(EXAMPLES_FILE),  # tests/ids/test_examples.py
        "docs/rules.md",  # tests/cli/test_cli.py compares its tables with CHECKS
        in_repository(LOCALE_DIR / f"{DOMAIN}.pot"),  # tests/test_i18n.py
        in_repository(LOCALE_DIR / "zh" / "LC_MESSAGES" / f"{DOMAIN}.po"),
        *declaring_every_id(),
    }
    if any("sarif" in argv for argv in CORPUS_CASES.values()):  # their digests
        wanted.add((SNAPSHOTS / "corpus-digests.json").relative_to(REPO).as_posix())
    assert sorted(wanted - paths) == [], "add these to docs/internals.md's recipe"


def test_every_snapshot_the_recipe_names_declares_every_id() -> None:
    """A snapshot named that no longer holds every id is no longer one a new
    rule changes: the recipe would send a maintainer to the wrong file."""
    paths = named(INTERNALS.read_text(encoding="utf-8"))
    snapshots = {p for p in paths if p.startswith("tests/fixtures/")}
    digests = (SNAPSHOTS / "corpus-digests.json").relative_to(REPO).as_posix()
    assert sorted(snapshots - declaring_every_id() - {digests}) == []
