"""The one escaper of each output target. Everything a report writes that it
did not write itself (an API's, a page's, a product's, a ref's, a test's
name, a message that quotes one) goes through the function of its target,
and no writer escapes for that target any other way:

- `terminal`: text for a terminal or a log (text, concise, GitHub's
  workflow commands, stderr): a control character as its escape, `\\x1b`;
  `terminal_patch`, a --diff's patch: the same, but a tab and a CRLF.
- `markdown`, `markdown_code`, `markdown_fenced`: Markdown (the markdown
  and pr reports): plain text whose markup characters are escaped, a code
  span no backtick in the text can end, a fenced block no line can close.
- `html`: HTML (the site, and HTML inside Markdown: a `<details>` summary).
- `xml`: what XML 1.0 cannot hold (JUnit): the escape text gives it.
- `csv_cell`: a spreadsheet's cell that would be read as a formula, made
  text as OWASP advises (docs/formats.md, "CSV").

JSON (json, jsonl, SARIF, GitLab, lintrunner) needs none: its encoder
escapes. A name that is not UTF-8 (a lone surrogate) is escaped when written
(checker.files.encodable)."""

from __future__ import annotations

import re
from functools import cache

# Each target's patterns are compiled when it is first written (`@cache`): a
# run writes one target, and every run imports this module for terminal().
# -- terminal -----------------------------------------------------------------------------------

# C0 controls, DEL and C1 controls (Unicode's Cc): ESC starts the terminal's
# escape sequences, as does CSI (\x9b) in some; BEL, a newline or a carriage
# return in a name would forge or hide a line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def terminal(text: str) -> str:
    """`text` with each control character shown as its escape, `\\x1b`: the
    one way a text line shows a name (a file's, an API's, an evidence file's
    words) that carries one."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda control: f"\\x{ord(control.group()):02x}", text)


def terminal_lines(text: str) -> str:
    """`text` with every control character but its newlines shown as its
    escape (`terminal`, a line at a time): what a format that writes names
    as they are (Markdown, GitHub's workflow commands) is written as."""
    return "\n".join(map(terminal, text.split("\n")))


# What a patch keeps as it is, for it to apply: a tab, and a carriage return
# that ends a line (a page with CRLF endings); every other control character
# (ESC, BEL, a carriage return inside a line that would hide what precedes it).
@cache
def _control_in_patch() -> re.Pattern[str]:
    return re.compile(r"[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")


def terminal_patch(text: str) -> str:
    """A unified diff (`fix`, `migrate` and `new-version` --diff) for a
    terminal or `git apply`: its control characters escaped as `terminal`
    escapes them, but a tab and a line's CRLF ending, which a page may hold
    and a patch must keep. (A hunk with an escaped ESC no longer applies: the
    page it would change holds what no terminal should be sent.)"""
    if _control_in_patch().search(text) is None:
        return text
    return _control_in_patch().sub(lambda control: f"\\x{ord(control.group()):02x}", text)


# -- Markdown -----------------------------------------------------------------------------------


# What CommonMark (and GitHub's tables and strikethrough) give meaning to
# anywhere in a line: escapes, code spans, emphasis, links and images, HTML
# and entities, table cells, strikethrough.
@cache
def _markdown() -> re.Pattern[str]:
    return re.compile(r"([\\`*\[\]<>|&~])")


# `_` is emphasis only beside a space or punctuation (`put_metric` is not):
# escaped there, so that names keep their readable form.
@cache
def _underscore() -> re.Pattern[str]:
    return re.compile(r"(?<![^\W_])_|_(?![^\W_])")


# What starts a block at the start of a line (a list item's text is one): a
# heading, a setext underline, a list item, a thematic break. (A table's `-`
# alone stays as it is: it starts nothing.)
@cache
def _leading() -> re.Pattern[str]:
    return re.compile(r"^([#=]|[-+](?=\s)|-(?=-+$))|^(\d{1,9})([.)])(?=\s|$)")


def markdown(text: str) -> str:
    """Plain text for a paragraph, a list item, a heading or a table cell: on
    one line, every character that would make it markup escaped."""
    text = _markdown().sub(r"\\\1", " ".join(text.split()))
    text = _underscore().sub(r"\\_", text)
    return _leading().sub(lambda m: f"\\{m[1]}" if m[1] else f"{m[2]}\\{m[3]}", text)


def markdown_code(text: str) -> str:
    """A code span on one line: its fence a run of backticks longer than any
    in the text (CommonMark), a space inside it where the text begins or ends
    with one, and a table's `|` escaped (GitHub's tables split on it even
    inside a code span)."""
    text = " ".join(text.split())
    ticks = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return ticks + padded.replace("|", "\\|") + ticks


def markdown_fenced(lines: list[str]) -> list[str]:
    """A fenced block whose fence is longer than any run of backticks in it:
    no line of the text can close it."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", *lines, fence]


# -- HTML -----------------------------------------------------------------------------------------


def html(text: object) -> str:
    """Text (and quotes: it may be an attribute's value) made safe for HTML."""
    # start-up: the html package loads its entity table (8 ms), which --help,
    # loading this module for terminal(), never needs
    from html import escape

    return escape(str(text), quote=True)


# -- XML ------------------------------------------------------------------------------------------


# XML 1.0 cannot hold most control characters (ANSI colour codes in test output),
# lone surrogates, U+FFFE and U+FFFF. Named as these few ranges, not as the
# complement of what XML holds: compiling that one ([^\t\n\r\x20-\ud7ff...])
# cost 6.6 ms, at every run's start, a fiftieth of a one-page lint.
@cache
def _not_xml() -> re.Pattern[str]:
    return re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml(text: str) -> str:
    """Characters XML cannot hold, escaped: a control character as `\\x1b`, a
    lone surrogate (a file name's byte that is not UTF-8) as `\\udcff`, the
    spelling every other format gives it (checker.files.encodable). ElementTree
    escapes the rest (`<`, `&`, quotes)."""
    return _not_xml().sub(_xml_escaped, text)


def _xml_escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\u{code:04x}" if 0xD800 <= code <= 0xDFFF else f"\\x{code:02x}"


# -- CSV ------------------------------------------------------------------------------------------

# What a spreadsheet reads a cell as a formula by (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: str | int) -> str | int:
    """A text cell that begins with a formula's character, with a `'` before
    it: the spreadsheet shows the text, `'` hidden, and computes nothing. A
    number the report writes as one (a line, a count) is left as it is: it
    is no formula. A text that looks like a number (`-1`) is text, and is
    prefixed too."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value
