"""The run's own exceptions, judged: a docs-check comment that silenced
nothing, a configuration [[ignore]] that ignored nothing, a baseline entry
whose finding is gone. Each outlives the mistake it was written for and would
hide the next one, so lint reports them (as ruff reports an unused `noqa`).

Only what this run could have seen is judged: a rule of a stage the command
ran (a lint run without --resolve-apis says nothing of resolve rules), a rule
the selection keeps, on a page the run read. An ignore whose path matches no
page at all is reported only when the run read the configuration's whole docs;
a run over one page cannot tell."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from checker.config.ignore import Ignore
from checker.files import from_here
from checker.gate.baseline import BaselineKey, VerdictKey, load_records, load_verdict_records
from checker.i18n import N_, message
from checker.ids.registry import REGISTRY
from checker.ids.selectors import covers
from checker.model.finding import Finding, finding
from checker.model.suppression import NEXT_LINE, Suppression

_K = TypeVar("_K", BaselineKey, VerdictKey)  # a finding's record or a verdict's


@dataclass(frozen=True)
class Audit:
    """What a run checked: whose unused suppressions and ignores it may report."""

    stages: frozenset[str]  # the stages whose rules the command ran
    whole: bool  # it read the configuration's whole docs (no PATHS given)
    pages: frozenset[str]  # the pages read, named from the project root


def judged(rule: str, audit: Audit, selects: Callable[[str], bool]) -> bool:
    """Whether the run could have reported `rule` (an id or a prefix; "" is every rule)."""
    return any(
        not audit.stages.isdisjoint(REGISTRY[r].stages) and selects(r)
        for r in REGISTRY
        if not rule or covers(rule, r)
    )


def unused_suppressions(
    unused: Iterable[tuple[str, Suppression]], audit: Audit, selects: Callable[[str], bool]
) -> list[Finding]:
    found: list[Finding] = []
    for path, span in unused:
        if not judged(span.rule, audit, selects):
            continue
        named = span.rule or message(N_("(every rule)"))
        if span.action == NEXT_LINE:
            where = message(N_("on line {line}"), line=span.first)
        elif span.last is None:
            where = message(N_("from line {line} to the end of the page"), line=span.first)
        else:
            where = message(N_("on lines {first}-{last}"), first=span.first, last=span.last)
        said = message(
            N_("docs-check-{action} {rules} suppressed nothing {where}"),
            action=span.action,
            rules=named,
            where=where,
        )
        found.append(finding("unused-suppression", path, span.line, said))
    return found


def unused_ignores(
    ignores: Sequence[Ignore],
    used: set[int],
    audit: Audit,
    selects: Callable[[str], bool],
    names_page: Callable[[Ignore, str], bool],
) -> list[Finding]:
    """`used`: indexes of the ignores that ignored a finding; `names_page`:
    whether an ignore's path matches a page (named from the project root)."""
    found: list[Finding] = []
    for index, ignore in enumerate(ignores):
        if index in used or not judged(ignore.rule, audit, selects):
            continue
        api = message(N_(" (api {api})"), api=ignore.api) if ignore.api else ""
        named = {"rule": ignore.rule, "path": ignore.path, "api": api}
        if any(names_page(ignore, page) for page in audit.pages):
            said = message(N_("[[ignore]] of {rule} for {path}{api} ignored nothing"), **named)
        elif audit.whole:
            said = message(
                N_("[[ignore]] of {rule} for {path}{api} matches no page of the docs"), **named
            )
        else:
            continue
        path, _, line = ignore.source.rpartition(":")
        found.append(finding("unused-ignore", from_here(Path(path)), int(line), said))
    return found


def stale_entries(
    left: Counter[BaselineKey], baseline_file: str, audit: Audit, selects: Callable[[str], bool]
) -> list[Finding]:
    """The baseline's entries no finding of this run matched, on pages it read."""
    stale = {
        key
        for key, count in left.items()
        if count > 0 and key[1] in audit.pages and judged(key[0], audit, selects)
    }
    return _stale(stale, left, baseline_file, _entry_said)


def stale_verdicts(left: Counter[VerdictKey], baseline_file: str) -> list[Finding]:
    """The baseline's verdicts no result of this run matched, on a rule,
    version and product it judged (`left`: those only)."""
    return _stale(set(left), left, baseline_file, _verdict_said)


def _stale(
    keys: set[_K], left: Counter[_K], baseline_file: str, said_of: Callable[[_K], str]
) -> list[Finding]:
    """A `stale-baseline` finding at its record's line for each time a key is
    left; the baseline file is read for the lines only when some are."""
    if not keys:
        return []
    lines: dict[BaselineKey | VerdictKey, int] = _record_lines(baseline_file)
    return [
        finding("stale-baseline", baseline_file, lines.get(key, 1), said_of(key))
        for key in sorted(keys)
        for _ in range(left[key])
    ]


def _entry_said(key: BaselineKey) -> str:
    rule, path, what = key
    template = N_("baseline entry {rule} on {path} ({what}) is no longer found")
    return message(template, rule=rule, path=path, what=what)


def _verdict_said(key: VerdictKey) -> str:
    rule, verdict, api, version, product = key
    template = N_(
        "baseline verdict {verdict} of rule {rule} ({api} {version} on {product}) "
        "is no longer found"
    )
    return message(template, verdict=verdict, rule=rule, api=api, version=version, product=product)


def _record_lines(baseline_file: str) -> dict[BaselineKey | VerdictKey, int]:
    """The line of each entry's record, as `docs-check baseline` writes them:
    one `"rule":` line a record, the findings' then the verdicts'. A file
    written otherwise names line 1."""
    with open(baseline_file, encoding="utf-8") as text:
        starts = [n for n, line in enumerate(text, 1) if line.lstrip().startswith('"rule":')]
    keys: list[BaselineKey | VerdictKey] = [*load_records(baseline_file)]
    keys += load_verdict_records(baseline_file)
    if len(starts) != len(keys):
        return {}
    lines: dict[BaselineKey | VerdictKey, int] = {}
    for key, line in zip(keys, starts, strict=True):
        lines.setdefault(key, line)
    return lines
