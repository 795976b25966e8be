"""The hardware catalogue: product ids, the names the docs give them, npu codes
and SoC prefixes, read from `rules/catalogue.toml`."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from checker.errors import DataError

_PACKAGED_RULES = Path(__file__).parent.parent / "_rules"
_SOURCE_RULES = Path(__file__).parent.parent.parent / "rules"


def rules_dir() -> Path:
    """The shipped data folder: inside an installed wheel, or the checkout's `rules/`."""
    return _PACKAGED_RULES if _PACKAGED_RULES.is_dir() else _SOURCE_RULES


def name_key(name: str) -> str:
    """Product names compare without white space or case: the docs write both
    "Atlas A2 训练系列产品" and "Atlas A2训练系列产品"."""
    return "".join(name.split()).casefold()


@dataclass(frozen=True)
class Product:
    id: str
    names: tuple[str, ...]
    npu: tuple[str, ...]
    soc: tuple[str, ...]


@dataclass(frozen=True)
class Catalogue:
    products: tuple[Product, ...]
    scope: tuple[str, ...]

    def by_name(self, name: str) -> str | None:
        return self._names().get(name_key(name))

    def by_npu(self, code: str) -> str | None:
        for product in self.products:
            if code in product.npu:
                return product.id
        return None

    def by_soc(self, soc_name: str) -> str | None:
        best: tuple[int, str] | None = None
        for product in self.products:
            for prefix in product.soc:
                if soc_name.startswith(prefix) and (best is None or len(prefix) > best[0]):
                    best = (len(prefix), product.id)
        return best[1] if best else None

    def find_name(self, text: str, pos: int) -> tuple[str, int] | None:
        """The product whose name starts at text[pos] (longest name wins) and the
        position after it, for statuses typed without `<term>` markup."""
        match = self._name_pattern().match(text, pos)
        if not match:
            return None
        return self._names()[name_key(match.group(0))], match.end()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(product.id for product in self.products)

    def _names(self) -> dict[str, str]:
        return _name_index(self)

    def _name_pattern(self) -> re.Pattern[str]:
        return _name_regex(self)

    def with_scope(self, scope: tuple[str, ...]) -> Catalogue:
        unknown = [product for product in scope if product not in self.ids]
        if unknown:
            raise DataError(f"unknown product id in scope: {', '.join(unknown)}")
        return Catalogue(self.products, scope)


@cache
def _name_index(catalogue: Catalogue) -> dict[str, str]:
    return {name_key(name): p.id for p in catalogue.products for name in p.names}


@cache
def _name_regex(catalogue: Catalogue) -> re.Pattern[str]:
    names = sorted(_name_index(catalogue), key=len, reverse=True)
    alternatives = (r"\s*".join(re.escape(char) for char in name) for name in names)
    return re.compile("|".join(alternatives), re.IGNORECASE)


def load_catalogue(path: Path | None = None) -> Catalogue:
    path = path or rules_dir() / "catalogue.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"{path}: cannot read the catalogue: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path}: {error}") from None
    products = tuple(_product(path, item) for item in data.get("product", []))
    ids = [product.id for product in products]
    duplicates = sorted({pid for pid in ids if ids.count(pid) > 1})
    if duplicates:
        raise DataError(f"{path}: product id listed twice: {', '.join(duplicates)}")
    scope = tuple(data.get("scope", {}).get("default", []))
    try:
        return Catalogue(products, ()).with_scope(scope)
    except DataError as error:
        raise DataError(f"{path}: {error}") from None


def _product(path: Path, item: object) -> Product:
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        raise DataError(f"{path}: every [[product]] needs a string id")
    unknown = set(item) - {"id", "names", "npu", "soc"}
    if unknown:
        raise DataError(f"{path}: product {item['id']}: unknown keys {sorted(unknown)}")
    fields = {}
    for key in ("names", "npu", "soc"):
        value = item.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DataError(f"{path}: product {item['id']}: {key} must be a list of strings")
        fields[key] = tuple(value)
    return Product(item["id"], fields["names"], fields["npu"], fields["soc"])


@cache
def default_catalogue() -> Catalogue:
    return load_catalogue()
