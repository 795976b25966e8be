"""One page's entries rewritten into another status format (`migrate`): each
entry's status section (its label to its last row, block or item, as the
model located it) replaced by the same statuses in blocks or a table; a row
table replaced whole by one heading entry per row. An entry whose status
cannot be carried over whole (unreadable, a product the catalogue does not
know, a conflict) is left as it is and said, with why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.finding import Finding
from checker.model.said import said_of
from checker.model.support import Entry, Page, Support
from checker.read.block_ids import last_block_id
from checker.read.rows import is_column_of_rows
from checker.rewrite.replacements import Replacement
from checker.rewrite.sections import BLOCKS, BlockIds, has_npu_code, section

# What reading an entry's status already lost: migrating it would make that for good.
LOSSY = frozenset(
    {
        "status-unreadable",
        "unknown-product",
        "status-conflict",
        "block-products",
        "block-npu-product",
        "block-npu-unknown",
        "block-unclosed",
        "block-unopened",
        "table-cut",
    }
)
# A cut is reported at the line after the table it cut, the section's last
# line but one: the rows it took follow it, and would stay behind as text.
_AFTER_SECTION = frozenset({"table-cut"})
_LINK_LABEL = {"zh": "**原生文档**：", "en": "**Native documentation**:"}
_NOTES_LABEL = {"zh": "**限制与说明**：", "en": "**Restrictions and Notes**:"}


@dataclass(frozen=True)
class _Migrating:
    """What rewriting any entry of one page needs."""

    page: Page
    lines: Sequence[str]
    form: str
    catalogue: Catalogue
    ids: BlockIds
    lossy: Sequence[Finding]  # the page's findings of what reading lost


@dataclass(frozen=True)
class Plan:
    """A page's migration: its replacements, and the entries left as they were."""

    replacements: tuple[Replacement, ...]
    migrated: int  # entries rewritten
    left: tuple[tuple[int, str], ...]  # (line, why) of each entry left as it was


def plan(page: Page, lines: Sequence[str], form: str, catalogue: Catalogue) -> Plan:
    """`lines`: the page's text lines (without endings); `form`: blocks or table."""
    lossy = [f for f in page.findings if f.rule in LOSSY]
    migrating = _Migrating(page, lines, form, catalogue, BlockIds(last_block_id(lines)), lossy)
    replacements: list[Replacement] = []
    left: list[tuple[int, str]] = []
    migrated = 0
    for group in _groups(page.entries, form):
        if group[0].format == "rows":
            made, why = _row_table(group, migrating)
        else:
            made, why = _section(group[0], migrating)
        if made is None:
            left.append((group[0].status_line or group[0].line, why))
        else:
            replacements.append(made)
            migrated += len(group)
    return Plan(tuple(replacements), migrated, tuple(left))


def _groups(entries: Sequence[Entry], form: str) -> list[list[Entry]]:
    """The entries to rewrite, one at a time, but a row table's rows together
    (rows stand on consecutive lines)."""
    groups: list[list[Entry]] = []
    for entry in entries:
        if entry.format == form:
            continue
        last = groups[-1][-1] if groups else None
        if entry.format == "rows" and last is not None and _next_row(last, entry):
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return groups


def _next_row(last: Entry, entry: Entry) -> bool:
    return last.format == "rows" and entry.line == last.line + 1


def _products(entry: Entry, migrating: _Migrating) -> tuple[list[tuple[str, Support]], str]:
    """What the entry states of each product, in the house order, or why not."""
    catalogue, first, last = migrating.catalogue, *entry.status_lines
    for finding in migrating.lossy:
        if first <= finding.line <= last + (finding.rule in _AFTER_SECTION):
            template = N_("not migrated: {rule} at line {line}; its status would be lost")
            return [], message(template, rule=finding.rule, line=finding.line)
    status = entry.status
    if status is None:
        return [], message(N_("not migrated: {api} has no support status"), api=entry.api)
    if status.rest is None:
        order = list(status.products)
    else:
        # the products its page's release knows and those it names in the
        # scope (checker.model.said), then the others it names
        scope = said_of(catalogue, migrating.page, entry)
        order = [*scope, *(p for p in status.products if p not in scope)]
    products = [(p, support) for p in order if (support := status.of(p)) is not None]
    blocks = migrating.form == BLOCKS
    missing = [p for p, _ in products if blocks and not has_npu_code(catalogue, p)]
    if missing:
        template = N_("not migrated: {product} has no npu code for a block")
        return [], message(template, product=missing[0])
    if not products:
        return [], message(N_("not migrated: {api} states no product"), api=entry.api)
    return products, ""


def _indent(text: str) -> str:
    """What the label's line has before the label (a quote's `>`, spaces)."""
    return text[: len(text) - len(text.lstrip(" \t>"))]


def _section(entry: Entry, migrating: _Migrating) -> tuple[Replacement | None, str]:
    products, why = _products(entry, migrating)
    if not products:
        return None, why
    first, last = entry.status_lines
    prefix = _indent(migrating.lines[first - 1])
    new = _written(entry, products, migrating)
    return Replacement(first, last, tuple(prefix + t if t else prefix.rstrip() for t in new)), ""


def _written(entry: Entry, products: list[tuple[str, Support]], migrating: _Migrating) -> list[str]:
    return section(migrating.form, products, entry.lang, migrating.catalogue, migrating.ids)


def _row_table(rows: Sequence[Entry], migrating: _Migrating) -> tuple[Replacement | None, str]:
    """The table of `rows` (header and delimiter row above the first) as one
    heading entry a row; none if the table has other rows or other columns."""
    lines = migrating.lines
    header, end = rows[0].line - 2, rows[-1].line
    before = lines[rows[0].line - 2].strip() if header >= 1 else ""  # the delimiter row
    after = lines[end].lstrip() if end < len(lines) else ""
    if not before.startswith("|") or set(before) - set("|-: ") or after.startswith("|"):
        return None, message(N_("not migrated: a row table with rows that are no entries"))
    columns = [cell.strip() for cell in lines[header - 1].strip().strip("|").split("|")]
    extra = [name for name in columns if not is_column_of_rows(name)]
    if extra:
        template = N_("not migrated: the column {column!r} would be lost")
        return None, message(template, column=extra[0])
    new: list[str] = []
    for entry in rows:
        products, why = _products(entry, migrating)
        if not products:
            return None, why
        new += [f"### {entry.title}", ""]
        if entry.link is not None:
            new += [f"{_LINK_LABEL[entry.lang]}[{entry.link.text}]({entry.link.url})", ""]
        new += [*_written(entry, products, migrating), ""]
        if entry.notes:
            new += [_NOTES_LABEL[entry.lang] + entry.notes.replace("\\|", "|"), ""]
    return Replacement(header, end, tuple(new[:-1])), ""
