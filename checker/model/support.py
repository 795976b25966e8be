"""The support model every page format reads into. Immutable on purpose: readers
build it once, and lint, show and later stages only look at it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from checker.model.finding import Finding
from checker.model.roots import docs_root
from checker.model.suppression import Directive
from checker.model.version import page_release


def inside_tree(path: str, tree: str) -> str:
    """A page's path inside its tree: `ref:path` -> path; a working tree's
    path (tree "") as it is."""
    return path[len(tree) + 1 :] if tree else path


class Support(StrEnum):
    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"
    # One entry states the product twice, differently: neither statement is
    # taken over the other (a reader reported the conflict where it is).
    CONFLICT = "conflict"


UNSTATED = "unstated"


@dataclass(frozen=True)
class Status:
    """A support statement as written: the products it names, and what it says of
    every other product in scope (`rest`, None when it says nothing of them)."""

    named: tuple[tuple[str, Support], ...] = ()
    rest: Support | None = None

    def of(self, product: str) -> Support | None:
        for named_product, support in self.named:
            if named_product == product:
                return support
        return self.rest

    def over(self, scope: Iterable[str]) -> dict[str, str]:
        """The statement expanded over a product scope, as `show` prints it."""
        result: dict[str, str] = {}
        for product in scope:
            support = self.of(product)
            result[product] = support.value if support else UNSTATED
        return result

    @property
    def products(self) -> tuple[str, ...]:
        return tuple(product for product, _ in self.named)


@dataclass(frozen=True)
class NativeLink:
    """The `原生文档` link to the upstream PyTorch docs."""

    text: str
    url: str
    docs_version: str | None  # "2.12" from https://pytorch.org/docs/2.12/...; None if absent
    target: str | None  # the API the link points at: its #anchor or generated/<name>.html


class PageFormat(StrEnum):
    """The ways a page states an entry's support, one reader each
    (checker.read): the one list of them, which the readers, migrate and the
    JSON schemas' `format` enums name (tests/report/test_json_schema.py)."""

    TABLE = "table"  # a table of products per API: | 硬件 | 是否支持 |
    INLINE = "inline"  # a status line: **是否支持**：是，暂不支持 Ascend 950DT
    BLOCKS = "blocks"  # <!-- npu=... --> block items per product
    ROWS = "rows"  # a row per API: |API名称|是否支持|限制与说明|


@dataclass(frozen=True)
class Entry:
    """One documented API on one version's page."""

    api: str
    version: str
    lang: str
    path: str
    line: int
    format: str  # a PageFormat
    status: Status | None
    raw: str  # the status as written, markup included
    status_line: int
    link: NativeLink | None = None
    notes_at: tuple[tuple[int, str], ...] = ()  # the 限制与说明 text, each piece at its line
    title: str = ""  # the name as the page writes it, before completion
    link_line: int = 0  # the 原生文档 line; 0 without a link
    # Where each product is stated, for formats that state products on lines of
    # their own (a table row, a block item); others state them on status_line.
    product_lines: tuple[tuple[str, int], ...] = ()
    # The status section's lines, its label to its last row, block or item
    # (first, last); (0, 0) without one. What a rewrite of the status replaces.
    status_lines: tuple[int, int] = (0, 0)

    @property
    def notes(self) -> str:
        """The 限制与说明 text as one string, as reports print it."""
        return "\n".join(text for _, text in self.notes_at).strip()

    def line_of(self, product: str) -> int:
        """The line of what the entry says of the product: its own row or block
        item, else the status line (which says it of every product it covers)."""
        for named, line in self.product_lines:
            if named == product:
                return line
        return self.status_line

    def expanded(self, scope: Iterable[str]) -> dict[str, str]:
        """Product -> supported / unsupported / unstated over `scope`; which
        products an entry speaks of is checker.model.said's to say."""
        if self.status is None:
            return dict.fromkeys(scope, UNSTATED)
        return self.status.over(scope)


@dataclass(frozen=True)
class Mention:
    """A PyTorch version a page names as text, anywhere in it: a pytorch.org
    docs link (`kind` "link", `version` its docs version, "2.13"), the title
    ("title", "2.13.0") or other text ("text"). Lint checks them against the
    page's folder; `new-version` rewrites them."""

    line: int
    kind: str
    written: str  # as written: the whole URL, or "PyTorch 2.13.0"
    version: str


@dataclass(frozen=True)
class Page:
    """One read docs file: its entries and the problems found while reading it.

    A page at a git ref is named `ref:path`, and so are its findings; its
    entries keep the path inside the tree (`Entry.path`), since a page that is
    the same blob at many refs is read once and its entries shared by all of
    them (`placed_entries` names them as the ref's)."""

    path: str
    version: str
    lang: str
    # A tuple, or from the cache a Deferred one (made when first looked at).
    entries: Sequence[Entry]
    findings: tuple[Finding, ...]
    tree: str = ""  # the git ref it was read at; "" for the working tree
    directives: tuple[Directive, ...] = ()  # its docs-check comments, in order
    mentions: Sequence[Mention] = ()  # the versions it names, in line order
    blob: str = ""  # its git blob id at a ref: pages of one blob and path read alike

    @property
    def inside(self) -> str:
        return inside_tree(self.path, self.tree)

    @property
    def release(self) -> str | None:
        """The torch-npu release it was read at, from its name (`ref:path`, or
        a folder named like a release branch); None: current. Its entries'
        paths cannot tell it: at a ref they are the paths inside the tree,
        shared by every ref that has the blob."""
        return page_release(self.path)

    @property
    def root(self) -> str:
        """The root of its docs tree inside its git tree (checker.model.roots):
        the rules that compare pages compare those of one root."""
        return docs_root(self.inside)

    def placed_entries(self) -> Sequence[Entry]:
        """The entries named as reports name them: at a ref, copies named
        `ref:path` (for the few commands that report entries, not findings);
        in the working tree, the entries themselves."""
        if not self.tree:
            return self.entries
        return tuple(self.placed(entry) for entry in self.entries)

    def placed(self, entry: Entry) -> Entry:
        """One of its entries named as `placed_entries` names them: a rule that
        looks at a few entries of a page places only those."""
        return dataclasses.replace(entry, path=self.path) if self.tree else entry
