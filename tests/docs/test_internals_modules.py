"""docs/internals.md names every module of the package, in the row of the
package table that holds it, as docs/rules.md is held to the registry: a
module that the walk through the code never names is one a maintainer cannot
find from the map."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import REPO

CHECKER = REPO / "checker"
# `| `checker/report/` | … |`, and `| `checker/*.py` | … |` for the top level
ROW = re.compile(r"^\| `checker/(\w+/|\*\.py)` \|.*$", re.M)


def rows() -> dict[str, str]:
    text = (REPO / "docs" / "internals.md").read_text(encoding="utf-8")
    return {m.group(1).rstrip("/").replace("*.py", "*"): m.group(0) for m in ROW.finditer(text)}


def unnamed(modules: list[Path], table: dict[str, str]) -> list[str]:
    """The modules whose package's row names them by neither their path
    inside the package nor their file name."""
    missing = []
    for module in modules:
        parts = module.relative_to(CHECKER).parts
        package, inside = ("*", parts[0]) if len(parts) == 1 else (parts[0], "/".join(parts[1:]))
        row = table.get(package, "")
        if f"`{inside}`" not in row and f"`{parts[-1]}`" not in row:
            missing.append("/".join(parts))
    return missing


def test_every_module_is_named_in_its_package_s_row() -> None:
    modules = [p for p in sorted(CHECKER.rglob("*.py")) if p.name != "__init__.py"]
    assert len(modules) > 200
    assert unnamed(modules, rows()) == []


def test_a_module_left_out_of_its_row_is_named() -> None:
    table = rows()
    module = CHECKER / "report" / "text.py"
    assert unnamed([module], table) == []
    table["report"] = table["report"].replace("`text.py`", "`text`")
    assert unnamed([module], table) == ["report/text.py"]
