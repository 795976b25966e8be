"""Hatchling build hook: compiles the gettext catalogues (checker/locale/LANG/
LC_MESSAGES/docs-check.po) into the .mo files checker.i18n reads. The .mo are
build output, never committed: a wheel gets them from here; an editable
install, whose package is the source tree, gets them written beside their .po
(gitignored). Babel is a build requirement (pyproject.toml)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CATALOGUES = "checker/locale"


class CatalogueHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":  # an sdist ships the .po, and builds its wheel
            return
        editable = version == "editable"
        self._scratch = None if editable else Path(tempfile.mkdtemp(prefix="docs-check-mo-"))
        for po in sorted(Path(self.root, CATALOGUES).glob("*/LC_MESSAGES/*.po")):
            inside = po.relative_to(self.root).with_suffix(".mo").as_posix()
            target = po.with_suffix(".mo") if self._scratch is None else self._scratch / inside
            compile_catalogue(po, target)
            if self._scratch is not None:
                build_data["force_include"][str(target)] = inside

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_scratch", None) is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)


def compile_catalogue(po: Path, mo: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalogue = read_po(source)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as target:
        write_mo(target, catalogue)
