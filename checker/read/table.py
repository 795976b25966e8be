"""Per-product table status under `**支持情况**：`:

| 硬件 | 是否支持 |
| <term>Atlas A2 训练系列产品</term> | ✔ |
"""

from __future__ import annotations

from dataclasses import replace

from markdown_it.token import Token

from checker.i18n import N_, message
from checker.model.claims import Claim, Claims
from checker.model.edit import Edit, Fix
from checker.model.finding import Problem
from checker.model.status import MARK_OF, read_mark
from checker.model.support import PageFormat, Status, Support
from checker.read.context import ReadContext, StatusRead
from checker.read.cut import report_cut
from checker.read.tokens import Table, column, line_of, read_table

_PRODUCT_COLUMN = {"硬件", "产品", "hardware", "product"}
_MARK_COLUMN = {"是否支持", "支持情况", "supported", "support"}


def read_product_table(tokens: list[Token], index: int, ctx: ReadContext) -> StatusRead:
    """`index` is the table_open token."""
    table = read_table(tokens, index)
    report_cut(table.last_line, ctx)
    first = line_of(tokens[index])
    if not table.rows:  # a header states nothing: the entry has no status (missing-status)
        return StatusRead(None, "", PageFormat.TABLE, first, table.end)
    rows, status, products = _read(table, ctx)
    # An unreadable row leaves its product unstated rather than guessed.
    source = ctx.source(first, table.rows[-1][0])
    if status is not None:  # nothing to report: each row a known product, once, marked well
        lines = tuple(zip(products, [line for line, _ in table.rows], strict=True))
        return StatusRead(status, source, PageFormat.TABLE, first, table.end, lines)
    claims = Claims()
    for (line, _), row in zip(table.rows, rows, strict=True):
        if row is None:
            said = message(N_("table row without a product and a mark"))
            ctx.report(Problem("status-unreadable", said), line)
            continue
        name, product, written, support, problem = row
        if product is None:
            ctx.report(
                Problem("unknown-product", message(N_("unknown product {name!r}"), name=name)), line
            )
        if problem and support is not None:  # read, but not as the house writes it
            problem = replace(problem, fix=_marked(ctx, line, written, MARK_OF[support]))
        if problem:
            ctx.report(problem, line)
        if support is not None and product is not None:
            ctx.report_any(claims.add(Claim(product, support, name), line), line)
    return StatusRead(claims.status(), source, PageFormat.TABLE, first, table.end, claims.lines())


# A row as read: (the product as written, its id or None, the mark as written,
# what it reads as or None, the problem of how it is written); None for a row
# short of a product or a mark cell.
_Row = tuple[str, str | None, str, Support | None, Problem | None] | None
# The rows, and where no row has anything to report (each a known product,
# once, marked as the house marks): the status they state and its products.
_Read = tuple[tuple[_Row, ...], Status | None, tuple[str, ...]]


def _read(table: Table, ctx: ReadContext) -> _Read:
    """What the table's cells say, whatever its lines: read once per distinct
    header and cells on a page, whose tables are mostly the same few (the
    634 of issue 49's 300 KB page are 2)."""
    key = (tuple(table.header), *[tuple(cells) for _, cells in table.rows])
    known: _Read | None = ctx.tables.get(key)
    if known is not None:
        return known
    product_col = _found_or(column(table.header, _PRODUCT_COLUMN), 0)
    mark_col = _found_or(column(table.header, _MARK_COLUMN), 1)
    rows: list[_Row] = []
    for _, cells in table.rows:
        if max(product_col, mark_col) >= len(cells):
            rows.append(None)
            continue
        # Cells are read as written (entities and <term> included): the
        # normaliser decodes them, and no inline parse is needed.
        name = _untag(cells[product_col])
        written = cells[mark_col].strip()
        rows.append((name, ctx.catalogue.by_name(name), written, *read_mark(written)))
    named = [(r[1], r[3]) for r in rows if r and r[1] is not None and r[3] is not None and not r[4]]
    products = tuple(product for product, _ in named)
    clean = len(named) == len(rows) and len(set(products)) == len(products)
    status = Status(tuple(named), None) if clean else None  # as Claims.status gives it
    read = ctx.tables[key] = (tuple(rows), status, products)
    return read


def _marked(ctx: ReadContext, line: int, written: str, mark: str) -> Fix:
    """The row's mark cell, pipes and all, with the house mark: the cell alone,
    so that a mark written as a letter (`n`) changes nowhere else on the row.
    None where no one cell of the row is that mark (an escaped pipe, twice)."""
    row = ctx.lines[line - 1] if 0 < line <= len(ctx.lines) else ""
    cells = row.split("|")
    found = [index for index, cell in enumerate(cells) if cell.strip() == written]
    if "\\|" in row or len(found) != 1:
        return ()
    index = found[0]
    left, right = ("|" if index > 0 else ""), ("|" if index < len(cells) - 1 else "")
    cell = cells[index]
    return (Edit(line, left + cell + right, left + cell.replace(written, mark) + right),)


def _found_or(index: int | None, default: int) -> int:
    """A found column, even the first (index 0, which `or` would drop)."""
    return default if index is None else index


def _untag(text: str) -> str:
    return text.replace("<term>", "").replace("</term>", "").strip()
