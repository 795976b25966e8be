"""Full API names for entries the page writes short, once the whole page is
read: `Tensor.abs` in a row of torch-Tensor.md, `Optimizer.step` in one of
torch-optim.md. One rule set for every format, after what each reader already
completed from a link or an enclosing class (checker.read.names.full_name):

1. the page's own full names teach it its namespace: a name whose first part
   is a part of one of them takes that name's prefix (`Node.args` beside
   `torch.fx.Node` is torch.fx.Node.args), unless two of them disagree;
2. else the page's file name gives its module (torch-optim.md is torch.optim),
   which a class-qualified name is in;
3. else the name is kept as written and reported (`api-name-incomplete`):
   never a guess.

A name that is no name (prose in an API cell) is kept as written and reported
as what it is, whatever it starts with."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import PurePath

from checker.i18n import N_, message
from checker.model.finding import Finding, finding
from checker.model.support import Entry, Page, PageFormat
from checker.read.names import ROOTS, is_api_name

_MODULE_PAGES = ("torch-", "torch_npu-")


def complete_names(page: Page) -> Page:
    """The page with every short name completed where the rules allow, and an
    `api-name-incomplete` warning for each one that is not."""
    if all(_is_full(entry.api) for entry in page.entries):
        return page
    prefixes = _learned_prefixes(page.entries)
    module = _page_module(page.path)
    entries: list[Entry] = []
    findings: list[Finding] = list(page.findings)
    for entry in page.entries:
        if _is_full(entry.api):
            entries.append(entry)
            continue
        if not is_api_name(entry.api):
            entries.append(entry)
            said = (
                message(
                    N_("the API name cell holds more than an API name: {text}"),
                    text=entry.api,
                )
                if entry.format == PageFormat.ROWS
                else message(
                    N_("the API title holds more than an API name: {text}"), text=entry.api
                )
            )
            findings.append(finding("api-name-incomplete", entry.path, entry.line, said))
            continue
        full = _completed(entry.api, prefixes, module)
        if full is not None:
            entries.append(dataclasses.replace(entry, api=full))
            continue
        entries.append(entry)
        said = message(
            N_("{api}: a short name this page gives no namespace for, kept as written"),
            api=entry.api,
        )
        findings.append(finding("api-name-incomplete", entry.path, entry.line, said))
    return dataclasses.replace(page, entries=tuple(entries), findings=tuple(findings))


def _is_full(name: str) -> bool:
    # An empty name is no name to complete; its entry's other findings say why.
    return not name or (name.startswith(ROOTS) and is_api_name(name))


def _completed(name: str, prefixes: dict[str, _Prefix | None], module: str | None) -> str | None:
    head, dot, _ = name.partition(".")
    if not dot:  # a bare name is no class-qualified name: nothing says whose it is
        return None
    learned = prefixes.get(head)
    if learned:
        return f"{learned.text()}.{name}"
    if module is None or head in prefixes:  # None there: the page's names disagree
        return None
    parent, _, last = module.rpartition(".")
    return f"{parent}.{name}" if last == head else f"{module}.{name}"


@dataclasses.dataclass(frozen=True)
class _Prefix:
    """A name up to one of its parts: `name[:end]`, numbered `node` (the same
    number for the same text, whichever name it is in), so that learning a
    name's prefixes is not the square of its length."""

    node: int
    name: str
    end: int

    def text(self) -> str:
        return self.name[: self.end]


def _learned_prefixes(entries: Sequence[Entry]) -> dict[str, _Prefix | None]:
    """Each part of the page's full names (but the root) -> the name up to it
    (`Optimizer` -> `torch.optim`); None where two full names place it apart."""
    prefixes: dict[str, _Prefix | None] = {}
    # (a prefix's node, the part after it) -> the longer prefix's node: a trie
    # of the names' parts, whose nodes stand for the prefixes' texts.
    nodes: dict[tuple[int, str], int] = {}
    for entry in entries:
        names = [entry.api] + ([entry.link.target] if entry.link and entry.link.target else [])
        for name in names:
            if not (name.startswith(ROOTS) and is_api_name(name)):  # prose teaches nothing
                continue
            root, *parts = name.split(".")
            node, end = nodes.setdefault((-1, root), len(nodes)), len(root)
            for part in parts:
                known = prefixes.setdefault(part, _Prefix(node, name, end))
                if known is not None and known.node != node:
                    prefixes[part] = None
                node = nodes.setdefault((node, part), len(nodes))
                end += 1 + len(part)
    return prefixes


def _page_module(path: str) -> str | None:
    """torch-distributed-elastic.md -> torch.distributed.elastic; None for a
    page whose name is no module (Named-Tensors.md)."""
    stem = PurePath(path).stem  # a git ref's `ref:` prefix is on the first part only
    if not stem.startswith(_MODULE_PAGES):
        return None
    return stem.replace("-", ".")
