"""Helpers the tests share, imported as `helpers` (this folder is on sys.path
through the root conftest; the package under test is always the installed one)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
CORPUS = REPO.parent / "shared" / "corpus" / "ascend-pytorch"


def shipped_rules_as_written(text: str) -> str:
    """The shipped rules' folder, wherever docs-check reads them from (the
    checkout's rules/ or the wheel's checker/_rules), as `rules`."""
    from checker.model.catalogue import rules_dir

    shipped = rules_dir()
    return text.replace(shipped.as_uri(), "rules").replace(str(shipped), "rules")
