"""One table, a row per API (older pages):

|API名称|是否支持|限制与说明|        | API Name | Supported | Restrictions and Notes |
|torch.x.y|是|-|                    | torch.x.y | Yes | - |

Columns are found by header name; extra columns (NPU形式名称) are ignored."""

from __future__ import annotations

from markdown_it.token import Token

from checker.model.markup import drop_tags
from checker.model.name_form import plain_name
from checker.model.status import Reading, is_blank, read_status
from checker.model.support import Entry, PageFormat
from checker.read.context import ReadContext
from checker.read.cut import report_cut
from checker.read.names import Named, is_api_name, named, native_link, title_name
from checker.read.tokens import Table, column, label_key

_API_COLUMN = {"api名称", "apiname", "api"}
_SUPPORT_COLUMN = {"是否支持", "supported", "support"}
_NOTES_COLUMN = {"限制与说明", "restrictionsandnotes", "restrictions", "notes"}


def is_column_of_rows(name: str) -> bool:
    """Whether a header cell names a column this reader reads (API, status, notes)."""
    key = label_key(drop_tags(name))
    return key in _API_COLUMN or key in _SUPPORT_COLUMN or key in _NOTES_COLUMN


def is_api_table(table: Table) -> bool:
    return is_api_header(table.header)


def is_api_header(header: list[str]) -> bool:
    """Whether a table's header cells name an API column and a status column."""
    return column(header, _API_COLUMN) is not None and column(header, _SUPPORT_COLUMN) is not None


def read_rows(table: Table, ctx: ReadContext) -> list[Entry]:
    api_col = column(table.header, _API_COLUMN)
    support_col = column(table.header, _SUPPORT_COLUMN)
    notes_col = column(table.header, _NOTES_COLUMN)
    assert api_col is not None and support_col is not None  # is_api_table said so
    report_cut(table.last_line, ctx)
    entries = []
    for line, cells in table.rows:
        if api_col >= len(cells):
            continue
        api = Token("inline", "", 0, content=cells[api_col])  # read as a paragraph's
        title = title_name(api)
        if title and not is_api_name(plain_name(title)):
            # Prose in the cell (a note glued to the name, or after a `<br>`):
            # no name is read out of it, the cell is kept as written (not in
            # the form names are compared in: it is no name) and
            # complete_names says what is wrong with it.
            prose = cells[api_col].strip()
            name = Named(api=prose, title=prose, link=native_link(api), problem=None, in_link=False)
        else:
            name = named(title, native_link(api), None)
            ctx.report_any(name.problem, line)
        support_text = cells[support_col] if support_col < len(cells) else ""
        # A blank cell (empty or `-`) is a missing status (a lint rule), not an
        # unreadable one.
        blank = is_blank(support_text)
        reading = Reading(None) if blank else read_status(support_text, ctx.catalogue)
        for problem in reading.problems:
            ctx.report(problem, line)
        # As written, like the heading formats' notes: <br> keeps lines apart and
        # <term> keeps product names findable.
        notes = cells[notes_col].strip() if notes_col is not None and notes_col < len(cells) else ""
        entries.append(
            Entry(
                api=name.api,
                version=ctx.version,
                lang=ctx.lang,
                path=ctx.path,
                line=line,
                format=PageFormat.ROWS,
                status=reading.status,
                raw="" if blank else support_text.strip(),
                status_line=line,
                link=name.link,
                notes_at=() if is_blank(notes) else ((line, notes),),
                title=name.title,
                link_line=line if name.link else 0,
                status_lines=(line, line),
            )
        )
    return entries
