"""The hardware catalogue: product ids, the names the docs give them, npu codes,
SoC prefixes and the torch-npu release each product exists from, read from
`rules/catalogue.toml`."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from checker.errors import DataError
from checker.i18n import N_
from checker.ids.suggest import unknown_said
from checker.model.product import Product, product_of, soc_overlap

_PACKAGED_RULES = Path(__file__).parent.parent / "_rules"
_SOURCE_RULES = Path(__file__).parent.parent.parent / "rules"
T = TypeVar("T")


def _has_chinese(name: str) -> bool:
    """Whether `name` holds a CJK unified ideograph (U+4E00 to U+9FFF). Not a
    pattern: a character class of that range compiles in 1.4 ms (the compiler
    marks each of its 20,992 characters, one at a time), at every run's start."""
    return any("\u4e00" <= char <= "\u9fff" for char in name)


def rules_dir() -> Path:
    """The shipped data folder: inside an installed wheel, or the checkout's `rules/`."""
    return _PACKAGED_RULES if _PACKAGED_RULES.is_dir() else _SOURCE_RULES


def name_key(name: str) -> str:
    """Product names compare without white space or case: the docs write both
    "Atlas A2 训练系列产品" and "Atlas A2训练系列产品"."""
    return "".join(name.split()).casefold()


def names_pattern(keys: Iterable[str]) -> re.Pattern[str]:
    r"""A pattern of the name keys, ignoring case, with any white space
    between their characters, that matches the longest key there is at a
    position: the alternation of the keys, longest first. Written as a tree of
    the keys' characters (`a\s*(?:t\s*l\s*a\s*s\s*(?:...`) where it finds the
    same, it compiles in half the time (3 ms, not 6, of a one-page lint): the
    alternation's `\s*` after each character of each key are most of it. A
    tree matches at most one path of characters when no text character
    matches two of a node's; where a key holds a cased character that is not
    ASCII (a text's character might match two of those, ignoring case), it
    is the alternation."""
    ordered = sorted(keys, key=len, reverse=True)
    if any(not char.isascii() and char.lower() != char.upper() for key in ordered for char in key):
        alternatives = (r"\s*".join(re.escape(char) for char in key) for key in ordered)
        return re.compile("|".join(alternatives), re.IGNORECASE)
    return re.compile(_tree(ordered, 0), re.IGNORECASE)


def _tree(keys: list[str], depth: int) -> str:
    """The keys (sharing their first `depth` characters) from their character
    at `depth` on: each next character and what follows it, tried before the
    end of a key that ends here (greedy `?`), so that the longest key wins."""
    branches: dict[str, list[str]] = {}
    for key in keys:
        if len(key) > depth:
            branches.setdefault(key[depth], []).append(key)
    if not branches:
        return ""
    follows = [re.escape(char) + _after(longer, depth + 1) for char, longer in branches.items()]
    return follows[0] if len(follows) == 1 else f"(?:{'|'.join(follows)})"


def _after(keys: list[str], depth: int) -> str:
    """What may follow a key's first `depth` characters: white space and its
    next one, optional where a key ends there."""
    tree = _tree(keys, depth)
    if not tree:
        return ""
    return rf"(?:\s*{tree})?" if any(len(key) == depth for key in keys) else rf"\s*{tree}"


@dataclass(frozen=True)
class Catalogue:
    """The products, and the scope a run checks."""

    products: tuple[Product, ...]
    scope: tuple[str, ...]
    # What is derived from the products, made once per catalogue: names are
    # looked up per table row, and a cache keyed on the catalogue itself would
    # hash all its products at every lookup.
    _derived: dict[object, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def by_name(self, name: str) -> str | None:
        return self._names().get(name_key(name))

    def by_npu(self, code: str) -> str | None:
        for product in self.products:
            if code in product.npu:
                return product.id
        return None

    def by_soc(self, soc_name: str) -> str | None:
        """The product of torch_npu's SoC name; None for a SoC no product's
        prefix starts (a run on it verifies nothing). At most one can: the
        loaders refuse prefixes that overlap (checker.model.product.soc_overlap)."""
        return next((p.id for p in self.products if p.knows_soc(soc_name)), None)

    def find_name(self, text: str, pos: int) -> tuple[str, int] | None:
        """The product whose name starts at text[pos] (longest name wins) and the
        position after it, for statuses typed without `<term>` markup."""
        match = self._name_pattern().match(text, pos)
        if not match:
            return None
        return self._names()[name_key(match.group(0))], match.end()

    def next_name(self, text: str, pos: int) -> tuple[str, int, int] | None:
        """The first product name at or after text[pos], as find_name would
        find it trying each position in turn: (product, start, end)."""
        match = self._name_pattern().search(text, pos)
        if not match:
            return None
        return self._names()[name_key(match.group(0))], match.start(), match.end()

    def written_name(self, product: str, lang: str) -> str:
        """The name docs-check writes for a product on a page of `lang`: the
        first of its names, on an en page the first without Chinese."""
        names = next(p.names for p in self.products if p.id == product)
        if lang == "en":
            names = tuple(n for n in names if not _has_chinese(n)) or names
        return names[0] if names else product

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(product.id for product in self.products)

    def _names(self) -> dict[str, str]:
        return self._made("names", self._name_index)

    def _name_index(self) -> dict[str, str]:
        return {name_key(name): p.id for p in self.products for name in p.names}

    def _name_pattern(self) -> re.Pattern[str]:
        return self._made("pattern", self._name_regex)

    def _name_regex(self) -> re.Pattern[str]:
        return names_pattern(self._names())

    def _made(self, key: object, make: Callable[[], T]) -> T:
        """What `make` gives, made at the first call for `key` only."""
        if key not in self._derived:
            self._derived[key] = make()
        made: T = self._derived[key]
        return made

    def scope_at(self, release: str | None) -> tuple[str, ...]:
        """The scope's products that exist at torch-npu `release` (their
        `since`), all of them when the release is unknown. What a page of
        that release knows: checker.model.said takes it from there."""

        def existing() -> tuple[str, ...]:
            exists = {p.id for p in self.products if p.exists_at(release)}
            return tuple(product for product in self.scope if product in exists)

        return self._made(("scope", release), existing)

    def with_products(self, products: tuple[Product, ...]) -> Catalogue:
        """The catalogue and a docs repository's own products (its
        `[[product]]` tables); the scope stays as it is until a `scope` names them."""
        taken = [product.id for product in products if product.id in self.ids]
        if taken:
            raise DataError.saying(
                N_("product id already in the catalogue: {ids}"), ids=", ".join(taken)
            )
        return Catalogue(self.products + products, self.scope) if products else self

    def with_scope(self, scope: tuple[str, ...]) -> Catalogue:
        unknown = [product for product in scope if product not in self.ids]
        if unknown:
            raise DataError.saying(
                N_("unknown product id in scope: {said}"), said=unknown_said(unknown, self.ids)
            )
        return Catalogue(self.products, scope)


def load_catalogue(path: Path | None = None) -> Catalogue:
    path = path or rules_dir() / "catalogue.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise DataError.saying(
            N_("{path}: cannot read the catalogue: {why}"), path=str(path), why=str(error)
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise DataError.saying(N_("{path}: {error}"), path=str(path), error=str(error)) from None
    products = tuple(product_of(path, item) for item in data.get("product", []))
    ids = [product.id for product in products]
    duplicates = sorted({pid for pid in ids if ids.count(pid) > 1})
    if duplicates:
        raise DataError.saying(
            N_("{path}: product id listed twice: {ids}"), path=str(path), ids=", ".join(duplicates)
        )
    for index, product in enumerate(products):
        overlap = soc_overlap(product, products[:index])
        if overlap:
            raise DataError.saying(N_("{path}: {error}"), path=str(path), error=overlap)
    scope = tuple(data.get("scope", {}).get("default", []))
    try:
        return Catalogue(products, ()).with_scope(scope)
    except DataError as error:
        raise DataError.saying(N_("{path}: {error}"), path=str(path), error=str(error)) from None


@cache
def default_catalogue() -> Catalogue:
    return load_catalogue()
