"""A product of the hardware catalogue (checker.model.catalogue): its id, the
names the docs give it, npu codes, SoC prefixes and the torch-npu release it
exists from, and a [[product]] table checked into one (the catalogue's, or a
docs repository's own in its configuration)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from checker.errors import DataError
from checker.i18n import N_, message
from checker.model.version import RELEASE_NAME, release_key

# A product's `since`: a release, or `>` and a release.
_SINCE = re.compile(rf">?{RELEASE_NAME}", re.IGNORECASE)


@dataclass(frozen=True)
class Product:
    """A product of the catalogue: its id, names, npu codes, SoC prefixes and release."""

    id: str
    names: tuple[str, ...]
    npu: tuple[str, ...]
    soc: tuple[str, ...]
    # The torch-npu release the product exists from: "7.3.0" (that release on),
    # ">7.3.0" (strictly after it, when only a release that predates it is
    # known); None: every release.
    since: str | None = None

    def knows_soc(self, soc_name: str) -> bool:
        """Whether torch_npu's SoC name is one of this product's: it starts with
        one of the product's prefixes (no other product's prefix can match too:
        checker.model.catalogue refuses prefixes that overlap)."""
        return any(soc_name.startswith(prefix) for prefix in self.soc)

    def exists_at(self, release: str | None) -> bool:
        """Whether pages of `release` know the product; a page of no known
        release is current, and every product exists for it."""
        if self.since is None or release is None:
            return True
        first = release_key(self.since.removeprefix(">"))
        if self.since.startswith(">"):
            return release_key(release) > first
        return release_key(release) >= first


def soc_overlap(product: Product, others: Iterable[Product]) -> str | None:
    """Why `product`'s SoC prefixes are refused beside `others`: one of them is
    a prefix of another product's, or has one, so a SoC name could be of two
    products (Ascend950 would take both Ascend950DT_ and Ascend950PR_ names);
    None when they keep apart."""
    for other in others:
        if other.id == product.id:
            continue
        for prefix in product.soc:
            for theirs in other.soc:
                if prefix.startswith(theirs) or theirs.startswith(prefix):
                    return message(
                        N_(
                            "product {id}: SoC prefix {prefix!r} overlaps {theirs!r} of "
                            "product {other}: a SoC name would be of both"
                        ),
                        id=product.id,
                        prefix=prefix,
                        theirs=theirs,
                        other=other.id,
                    )
    return None


def product_of(path: Path | str, item: object) -> Product:
    """A [[product]] table; `path` names it in errors (path, or path:line)."""
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        raise DataError.saying(N_("{path}: every [[product]] needs a string id"), path=str(path))
    unknown = set(item) - {"id", "names", "npu", "soc", "since"}
    if unknown:
        raise DataError.saying(
            N_("{path}: product {id}: unknown keys {keys}"),
            path=str(path),
            id=item["id"],
            keys=str(sorted(unknown)),
        )
    fields = {}
    for key in ("names", "npu", "soc"):
        value = item.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DataError.saying(
                N_("{path}: product {id}: {key} must be a list of strings"),
                path=str(path),
                id=item["id"],
                key=key,
            )
        fields[key] = tuple(value)
    since = item.get("since")
    if since is not None and not (isinstance(since, str) and _SINCE.fullmatch(since)):
        raise DataError.saying(
            N_(
                "{path}: product {id}: since must be a torch-npu release such as "
                '"7.3.0", or ">7.3.0" for after it, not {since!r}'
            ),
            path=str(path),
            id=item["id"],
            since=since,
        )
    return Product(item["id"], fields["names"], fields["npu"], fields["soc"], since)
