"""The docs repository's configuration: `[tool.docs-check]` in its
`pyproject.toml`, or the same keys at the top level of its `.docs-check.toml`
(beside that file's [[rule]] tables). Found by looking upward from the current
folder, then from the first docs path; `--config FILE` names it instead. The
command line wins over it. Every problem is one line naming path:line."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.config.config_keys import check_settings
from checker.config.coverage_keys import Exclusion
from checker.config.ignore import Ignore
from checker.config.selection import Selection
from checker.errors import DataError
from checker.files import from_here
from checker.i18n import N_
from checker.model.catalogue import Catalogue
from checker.model.product import Product, product_of, soc_overlap
from checker.tomlfile import TomlLines, load_toml

CONFIG_FILE = ".docs-check.toml"
PYPROJECT = "pyproject.toml"
TABLE = ("tool", "docs-check")

__all__ = [
    "CONFIG_FILE",
    "PYPROJECT",
    "Config",
    "Ignore",
    "find_config",
    "has_table",
    "load_config",
]


@dataclass(frozen=True)
class Config:
    """The configuration: `[tool.docs-check]` or `.docs-check.toml`."""

    path: Path | None = None  # the file read; None: there is none
    docs: tuple[str, ...] = ()  # as paths from the current folder
    rules: tuple[str, ...] = ()
    scope: tuple[str, ...] | None = None
    severity: Mapping[str, str] = field(default_factory=dict)  # rule id -> error/warning/off
    ignore: tuple[Ignore, ...] = ()
    selection: Selection = field(default_factory=Selection)  # select, extend-select, ignore
    test_refs: tuple[tuple[str, str], ...] = ()  # docs version -> the ref holding its tests
    texts: Mapping[str, str] = field(default_factory=dict)  # files read at a git ref, by name
    products: tuple[Product, ...] = ()  # the docs repository's own [[product]] tables
    exclude: tuple[Exclusion, ...] = ()  # [coverage] exclude: public names left out on purpose
    fail_on: str | None = None  # "error" or "warning": what fails a run; None: not set

    @property
    def root(self) -> Path:
        """Ignore globs and baselines name paths from here: the config file's
        folder, or the current folder when there is no config file."""
        return Path(os.path.abspath(self.path.parent if self.path else "."))

    def docs_or(self, given: Sequence[str]) -> tuple[str, ...]:
        return tuple(given) or self.docs or (".",)

    def test_refs_with(self, given: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        """The configuration's test refs, with those given (--test-ref) winning per version."""
        return tuple({**dict(self.test_refs), **dict(given)}.items())

    def rule_files(self, given: Sequence[str]) -> tuple[str, ...]:
        """The config's rule files, its own [[rule]] tables, then those given."""
        own = (str(self.path),) if self.path and not is_pyproject(self.path) else ()
        return (*self.rules, *own, *given)


def find_config(starts: Sequence[str]) -> Path | None:
    """The nearest `.docs-check.toml`, or `pyproject.toml` with [tool.docs-check],
    in a start folder or above it; the first start that has one wins, unless
    a later start's lies inside the winner's folder: docs that carry their own
    configuration inside the project run from (a test fixture of docs-check's
    own checkout) are checked under it."""
    found: Path | None = None
    for start in starts:
        nearest = _nearest_config(start)
        if nearest is None:
            continue
        if found is None or (
            nearest.parent != found.parent and nearest.parent.is_relative_to(found.parent)
        ):
            found = nearest
    return found


def _nearest_config(start: str) -> Path | None:
    folder = Path(os.path.abspath(start))
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        if (candidate / CONFIG_FILE).is_file():
            return candidate / CONFIG_FILE
        pyproject = candidate / PYPROJECT
        if pyproject.is_file() and has_table(pyproject):
            return pyproject
    return None


def is_pyproject(path: Path) -> bool:
    """`pyproject.toml`, also as read at a git ref (`ref:pyproject.toml`)."""
    return path.name == PYPROJECT or path.name.endswith(":" + PYPROJECT)


def has_table(pyproject: Path, text: str | None = None) -> bool:
    """A pyproject.toml with [tool.docs-check]; `text`: read elsewhere (a git ref)."""
    try:
        text = pyproject.read_text(encoding="utf-8") if text is None else text
    except (OSError, UnicodeDecodeError):
        return False
    if "docs-check" not in text:
        return False
    data, _ = load_toml(pyproject, N_("pyproject.toml"), text)
    tool = data.get("tool")
    return isinstance(tool, dict) and "docs-check" in tool


def load_config(path: Path, catalogue: Catalogue, text: str | None = None) -> Config:
    """`text`: the file's text when it was read at a git ref (`path` is then
    `ref:file`, and the paths it gives are paths inside the repository)."""
    data, where = load_toml(path, N_("config file"), text)
    table: tuple[str, ...] = ()
    extra: frozenset[str] = frozenset({"rule", "tool", "product"})
    if is_pyproject(path):
        tool = data.get("tool")
        settings = tool.get("docs-check") if isinstance(tool, dict) else None
        if not isinstance(settings, dict):
            raise DataError.saying(N_("{path}: no [tool.docs-check] table"), path=str(path))
        data, table, extra = settings, TABLE, frozenset({"product"})
    products = _products(data, path, where, (*table, "product"), catalogue)
    catalogue = catalogue.with_products(products)  # the scope may name them
    values: dict[str, Any] = check_settings(data, path, where, table, catalogue, extra)
    here = path.parent
    return Config(
        path=path,
        docs=tuple(from_here(here / value) for value in values.get("docs", ())),
        rules=tuple(from_here(here / value) for value in values.get("rules", ())),
        scope=tuple(values["scope"]) if "scope" in values else None,
        severity=dict(values.get("severity", {})),
        ignore=tuple(values.get("ignore", ())),
        selection=Selection(
            tuple(values.get("select", ())) or Selection().select,
            tuple(values.get("extend-select", ())),
            tuple(values.get("ignore-rules", ())),
        ),
        test_refs=tuple(values.get("test-refs", {}).items()),
        products=products,
        exclude=tuple(values.get("coverage", ())),
        fail_on=values.get("fail-on"),
    )


def _products(
    data: dict[str, Any], path: Path, where: TomlLines, key: tuple[str, ...], catalogue: Catalogue
) -> tuple[Product, ...]:
    """The docs repository's own products, `[[product]]` tables as in the
    shipped catalogue; an id the catalogue has already is a mistake."""
    items = data.get("product", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        line = where.nearest(key)
        raise DataError.saying(
            N_("{path}:{line}: 'product' must be an array of tables ([[product]])"),
            path=str(path),
            line=line,
        )
    headers = [header for header, _ in where.array_items(key)]
    products: list[Product] = []
    ids = set(catalogue.ids)  # and those added: a set, for a file of many products
    for index, item in enumerate(items):
        at = f"{path}:{headers[index] if index < len(headers) else where.nearest(key)}"
        product = product_of(at, item)
        if product.id in ids:
            raise DataError.saying(
                N_("{where}: product id {id!r} is already in the catalogue"),
                where=at,
                id=product.id,
            )
        # the catalogue's and those before it: a SoC name is of one product at most
        overlap = soc_overlap(product, (*catalogue.products, *products))
        if overlap:
            raise DataError.saying(N_("{path}: {error}"), path=at, error=overlap)
        products.append(product)
        ids.add(product.id)
    return tuple(products)
