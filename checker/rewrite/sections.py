"""A support status written out in the house formats: per-product blocks
(`**产品支持情况**：` then `<!-- npu="910b" id1 -->` … `<!-- end id1 -->`)
or the per-product ✔ / ✘ table. Products in the order given, each under
the name the catalogue writes for the page's language."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from checker.model.catalogue import Catalogue
from checker.model.status import MARK_OF
from checker.model.support import PageFormat, Support

BLOCKS, TABLE = PageFormat.BLOCKS, PageFormat.TABLE  # the formats a section is written in

_LABELS: dict[tuple[str, str], str] = {
    (BLOCKS, "zh"): "**产品支持情况**：",
    (BLOCKS, "en"): "**Supported**:",
    (TABLE, "zh"): "**支持情况**：",
    (TABLE, "en"): "**Supported**:",
}
_WORDS = {
    "zh": {Support.SUPPORTED: "支持", Support.UNSUPPORTED: "不支持"},
    "en": {Support.SUPPORTED: "Supported", Support.UNSUPPORTED: "Not supported"},
}
_HEADER = {"zh": ("硬件", "是否支持"), "en": ("Product", "Supported")}
_COLON = {"zh": "：", "en": ": "}


@dataclass
class BlockIds:
    """Ids for new blocks, after the highest a page already has: unique in the file."""

    last: int

    def next(self) -> str:
        self.last += 1
        return str(self.last)


def section(
    form: str,
    products: Sequence[tuple[str, Support]],
    lang: str,
    catalogue: Catalogue,
    ids: BlockIds,
) -> list[str]:
    """The status section's lines: its label, a blank line, then the blocks or
    the table (no blank line after: what followed the old section follows)."""
    lines = [_LABELS[form, lang], ""]
    if form == BLOCKS:
        lines += _blocks(products, lang, catalogue, ids)
    else:
        lines += _table(products, lang, catalogue)
    return lines


def _blocks(
    products: Sequence[tuple[str, Support]], lang: str, catalogue: Catalogue, ids: BlockIds
) -> Iterator[str]:
    for product, support in products:
        block_id = ids.next()
        npu = next(p.npu[0] for p in catalogue.products if p.id == product)
        name = catalogue.written_name(product, lang)
        yield f'<!-- npu="{npu}" id{block_id} -->'
        yield f"- <term>{name}</term>{_COLON[lang]}{_WORDS[lang][support]}"
        yield f"<!-- end id{block_id} -->"


def _table(products: Sequence[tuple[str, Support]], lang: str, catalogue: Catalogue) -> list[str]:
    product_head, mark_head = _HEADER[lang]
    lines = [f"| {product_head} | {mark_head} |", "| ---- | :----: |"]
    for product, support in products:
        name = catalogue.written_name(product, lang)
        lines.append(f"| <term>{name}</term> | {MARK_OF[support]} |")
    return lines


def has_npu_code(catalogue: Catalogue, product: str) -> bool:
    """A block names its product by npu code: a product without one has no block."""
    return any(p.npu for p in catalogue.products if p.id == product)
