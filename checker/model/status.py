"""The one status normaliser. Every way the docs (or a user) write support —
a table mark, `是，暂不支持<term>Ascend 950DT</term>`, `<term>A</term>：是`,
`支持`, `Yes` — becomes a `Status` here, or a `Problem`; never a guess. Its
markup (references, tags, `<term>`s) is made plain first: checker.model.markup."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from checker.i18n import N_, message
from checker.model import markup
from checker.model.catalogue import Catalogue
from checker.model.claims import Claim, Claims
from checker.model.finding import Problem
from checker.model.support import Status, Support

_YES = {"是", "支持", "yes", "supported", "y"}
_NO = {"否", "不支持", "no", "notsupported", "unsupported", "n"}
# Words that open an exception list. Those that say "not supported" themselves
# ("是，暂不支持 X": yes, but not X) deny the products they list whatever came
# before; `except` says the opposite of what came before: "Yes, except X"
# denies X, "No, except X" supports it.
_DENYING = ("暂不支持", "不支持", "notsupportedon", "notsupportedby", "butnot")
_EXCEPT = "except"
# Words that open a whole status of "only these products": those it lists are
# supported, every other product in scope is not ("仅支持<term>Ascend 950DT</term>",
# "Only supported on Ascend 950DT"). Longer first: "only" opens the others too.
_ONLY = (
    "onlysupportedon",
    "onlysupportedby",
    "supportedonlyon",
    "supportedonlyby",
    "仅支持",
    "only",
)
_OPPOSITE = {Support.SUPPORTED: Support.UNSUPPORTED, Support.UNSUPPORTED: Support.SUPPORTED}
# A statement may end in a full stop: "Yes, except Ascend 950DT." / "是。"
_FULL_STOPS = ".。"
CLAUSE_SPLIT = re.compile(r"[，,；;。]")
_BLANKS = {"", "-", "--", "—", "–"}
BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_LIST_SEPARATORS = "/、&和"
_COLONS = "：:"

_MARKS = {"✔": Support.SUPPORTED, "✘": Support.UNSUPPORTED}
MARK_OF = {support: mark for mark, support in _MARKS.items()}  # the house mark of each
_SUPPORT_WORDS = {
    Support.SUPPORTED: message(N_("supported")),
    Support.UNSUPPORTED: message(N_("unsupported")),
}
_OTHER_MARKS = {
    "✓": Support.SUPPORTED,
    "√": Support.SUPPORTED,
    "✅": Support.SUPPORTED,
    "✗": Support.UNSUPPORTED,
    "×": Support.UNSUPPORTED,
    "✕": Support.UNSUPPORTED,
    "❌": Support.UNSUPPORTED,
}


@dataclass(frozen=True)
class Reading:
    """A status read: the status, its problems, and what it says of each product."""

    status: Status | None
    problems: tuple[Problem, ...] = ()
    # What it says of each product, under the name written: the same reading
    # whatever the names, so equality leaves it out.
    claims: tuple[Claim, ...] = field(default=(), compare=False)


def is_blank(text: str) -> bool:
    """A status left blank: nothing, or a dash standing for nothing (`|-|`)."""
    return text.strip() in _BLANKS


# A page's tables write a handful of marks: the real history's older pages
# write `&#10004;`, decoded and reported at each of 250,000 cells (issue 49).
# What a cell reads as is its text's alone, and immutable.
@lru_cache(maxsize=256)
def read_mark(cell: str) -> tuple[Support | None, Problem | None]:
    """A table cell: ✔ / ✘ (entities already or not yet decoded). Another
    mark, a word or a mark with a full stop is read, and reported quoted as
    the page writes it, with what it reads as: `&#10007;` is ✗, not the
    house ✘, and a search of the page for ✗ finds nothing."""
    if cell in _MARKS:  # the house mark as is, nearly every cell: nothing to decode
        return _MARKS[cell], None
    plain = markup.plain(cell)
    if plain in _MARKS:
        return _MARKS[plain], None
    text = plain.rstrip(_FULL_STOPS).strip() or plain
    support = _MARKS.get(text) or _OTHER_MARKS.get(text) or support_word(text)
    if support is not None:
        meaning = _SUPPORT_WORDS[support]
        written = cell.strip()
        if written == plain:
            template = N_("mark {mark!r} (read as {support}) instead of ✔ / ✘")
        else:
            template = N_("mark {written!r} ({mark}, read as {support}) instead of ✔ / ✘")
        said = message(template, written=written, mark=plain, support=meaning)
        return support, Problem("nonstandard-mark", said)
    return None, Problem(
        "status-unreadable", message(N_("cannot read table mark {mark!r}"), mark=plain)
    )


def read_status(text: str, catalogue: Catalogue) -> Reading:
    """Inline and typed statuses: 是 / 否, 是，暂不支持 X, A：是，B：否, A/B：是,
    仅支持 X (X supported, every other product in scope not).
    A product the text states twice is reported (all on the text's one line)."""
    # A table cell puts one product per line with <br>: a clause each.
    text = BREAK.sub("；", text)
    prepared = markup.statement(text)
    split = CLAUSE_SPLIT.split(prepared)
    clauses = [clause.strip().rstrip(_FULL_STOPS).strip() for clause in split]
    while clauses and clauses[-1] == "":
        clauses.pop()
    if not clauses:
        return Reading(None, (Problem("status-unreadable", message(N_("empty support status"))),))
    said: list[Claim] = []
    rest: Support | None = None
    problems: list[Problem] = []
    for index, clause in enumerate(clauses):
        word = support_word(clause)
        if word is not None and index == 0:
            rest = word
            continue
        only = _opened(clause, _ONLY)
        if only is not None and index == 0:
            products, end = product_list(only[0], catalogue, problems)
            # The whole status or nothing: a clause after it ("仅支持X，是") would
            # say something of the products it has just denied.
            if not products or end < len(only[0]) or len(clauses) > 1:
                return Reading(None, (Problem("status-unreadable", _unreadable(text)),))
            rest = Support.UNSUPPORTED
            said += [Claim(id_, Support.SUPPORTED, name) for id_, name in products]
            continue
        exception = _exception(clause)
        if exception is not None and index > 0:
            listed, denying = exception
            before = rest if rest is not None else (said[-1].support if said else None)
            support = Support.UNSUPPORTED if denying or before is None else _OPPOSITE[before]
            products, end = product_list(listed, catalogue, problems)
            if products and end == len(listed):
                said += [Claim(id_, support, name) for id_, name in products]
                continue
        claim = _product_claim(clause, catalogue, problems)
        if claim is None:
            return Reading(None, (Problem("status-unreadable", _unreadable(text)),))
        products, support = claim
        said += [Claim(id_, support, name) for id_, name in products]
    said = [claim for claim in said if claim.product]  # unknown products were reported
    claims = Claims()
    problems += [p for p in (claims.add(claim, 0) for claim in said) if p is not None]
    status = claims.status(rest) or Status()
    return Reading(status, tuple(problems), claims.claims())


def _product_claim(
    clause: str, catalogue: Catalogue, problems: list[Problem]
) -> tuple[list[tuple[str, str]], Support] | None:
    products, end = product_list(clause, catalogue, problems)
    if not products or end >= len(clause) or clause[end] not in _COLONS:
        return None
    support = support_word(clause[end + 1 :])
    return (products, support) if support is not None else None


def product_list(
    text: str, catalogue: Catalogue, problems: list[Problem]
) -> tuple[list[tuple[str, str]], int]:
    """(product id, name as written) from text[0:], separated by / 、 & 和; stops
    at anything else. An unknown name has the id ""."""
    products: list[tuple[str, str]] = []
    pos = 0
    while True:
        pos = _skip(text, pos, " \t")
        if text.startswith(markup.OPEN, pos):
            close = text.find(markup.CLOSE, pos)
            name = text[pos + 1 : close if close >= 0 else len(text)]
            product = catalogue.by_name(name)
            if product is None:
                said = message(N_("unknown product {name!r}"), name=name)
                problems.append(Problem("unknown-product", said))
            products.append((product or "", name.strip()))
            pos = close + 1 if close >= 0 else len(text)
        else:
            found = catalogue.find_name(text, pos)
            if found is None:
                return products, pos
            products.append((found[0], text[pos : found[1]].strip()))
            pos = found[1]
        after = _skip(text, pos, " \t")
        if after < len(text) and text[after] in _LIST_SEPARATORS:
            pos = after + 1
        else:
            return products, after


def _exception(clause: str) -> tuple[str, bool] | None:
    """The products an exception clause lists, as written, and whether its
    opener denies them itself (else they are the opposite of what came
    before); None for a clause that opens no exception."""
    opened = _opened(clause, (*_DENYING, _EXCEPT))
    return None if opened is None else (opened[0], opened[1] != _EXCEPT)


def _opened(clause: str, openers: tuple[str, ...]) -> tuple[str, str] | None:
    """The clause after the first of `openers` it opens with (spaces and case
    aside), and that opener; None when it opens with none."""
    squeezed = clause.replace(" ", "").casefold()
    for opener in openers:
        if squeezed.startswith(opener):
            return _drop_prefix_ignoring_spaces(clause, len(opener)).strip(), opener
    return None


def _drop_prefix_ignoring_spaces(text: str, count: int) -> str:
    pos = 0
    while count and pos < len(text):
        if text[pos] != " ":
            count -= 1
        pos += 1
    return text[pos:]


def support_word(text: str) -> Support | None:
    key = "".join(text.split()).casefold().rstrip("。.")
    if key in _YES:
        return Support.SUPPORTED
    if key in _NO:
        return Support.UNSUPPORTED
    return None


def _skip(text: str, pos: int, chars: str) -> int:
    while pos < len(text) and text[pos] in chars:
        pos += 1
    return pos


def _unreadable(text: str) -> str:
    shown = " ".join(text.split())
    return message(N_("cannot read support status {status!r}"), status=shown[:80])
