"""The products restriction notes (限制与说明) speak of as working: notes that
say how an API behaves on a product imply it runs there. Read as the status
normaliser reads a status (checker.model.status: its markup, clauses, product
lists and words), and only where the notes say it plainly, so that a lint rule
can hold them against the status:

- `<term>Ascend 950DT</term>：不支持complex64` (products, a colon, a restriction),
- `Ascend 950DT上仅支持fp32` (products, then 上),
- `针对<term>Ascend 950DT</term>，由于硬件差异…` (针对 / 对于 / 在 / for / on, then
  the products), each at the start of a clause.

What follows must say something of how it works: notes that deny the product
the whole API (`X：不支持`, `X：否`, `针对X，暂不支持该接口`) do not speak of it as
working, nor do notes that only name it (`精度可能和X存在差异`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from checker.model import markup
from checker.model.catalogue import Catalogue
from checker.model.status import BREAK, CLAUSE_SPLIT, product_list, support_word
from checker.model.support import Support

# A list item's marker, where a row-per-API cell writes its list after a <br>.
_MARKER = re.compile(r"^(?:[-*+•]|\d+[.、)）])\s*")
# Words before the products that make the clause about them.
_LEADS = ("针对", "对于", "在", "for", "on")
_COLONS = ("：", ":")
_ON = "上"
# The whole API denied: 不支持 / 暂不支持, of the API itself or of nothing more.
_DENIED = re.compile(r"^(?:暂)?不支持(?:(?:该|此|本)?(?:接口|api|函数|方法|算子|功能|特性|操作))?$")


@dataclass(frozen=True)
class Working:
    """A product the notes speak of as working, the name they write it under,
    and the notes' line it is on (counted from the notes' first line, 0)."""

    product: str
    written: str
    offset: int


def working(notes: str, catalogue: Catalogue) -> tuple[Working, ...]:
    """Each product the notes speak of as working, at its first such line."""
    found: dict[str, Working] = {}
    for offset, line in enumerate(notes.split("\n")):
        for piece in BREAK.split(line):  # a row's cell puts its lines apart with <br>
            clauses = [clause.strip() for clause in CLAUSE_SPLIT.split(markup.statement(piece))]
            for index in range(len(clauses)):
                for product, written in _working_in(clauses, index, catalogue):
                    found.setdefault(product, Working(product, written, offset))
    return tuple(found.values())


def _working_in(clauses: list[str], index: int, catalogue: Catalogue) -> list[tuple[str, str]]:
    """The products clauses[index] opens with, when what it says of them (to
    the end of the clause, or the next clause after a lead) is a restriction."""
    clause = _MARKER.sub("", clauses[index])
    lead = next((word for word in _LEADS if clause.casefold().startswith(word)), None)
    if lead is not None:
        clause = clause[len(lead) :]
    products, end = product_list(clause, catalogue, [])
    if not products or any(not product for product, _ in products):
        return []
    after = clause[end:].lstrip()
    if after[:1] in (*_COLONS, _ON):  # `X：…`, `X上…`
        said = after[1:]
    elif lead is not None:
        said = after
    else:
        return []
    if not said.strip() and index + 1 < len(clauses):  # 针对X，… / X上，…
        said = clauses[index + 1]
    return [] if _denies(said) else products


def _denies(said: str) -> bool:
    """Whether what the notes say of the products is nothing, or denies them
    the whole API."""
    text = "".join(said.split()).casefold().rstrip(".")  # 。 already ended the clause
    return not text or support_word(text) is Support.UNSUPPORTED or bool(_DENIED.match(text))
