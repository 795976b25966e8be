"""Where in the docs a finding is: its page's docs version, and the API and
heading line of the entry whose lines hold it, which ignores and baselines
match by. Over the model alone, so that the gate, which places the
exceptions it reports, loads none of the lint rules."""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Iterable, Sequence

from checker.model.finding import Finding, built
from checker.model.support import Page

Head = tuple[int, str]  # an entry's heading line and API


def entry_heads(page: Page) -> list[Head]:
    return [(entry.line, entry.api) for entry in page.entries]


def with_api(
    findings: Iterable[Finding],
    pages: Sequence[Page],
    heads: Callable[[Page], Sequence[Head]] = entry_heads,
) -> list[Finding]:
    """Each finding on one of `pages` with that page's docs version, and the API
    and heading line of the entry whose lines hold it (an entry runs from its
    heading to the next entry's); no API or heading above a page's first entry.
    A finding on another file (a rule file) is left as it is. The one place a
    finding learns where in the docs it is: lint and verify both call it.
    `heads`: entry_heads, or what an earlier run kept of them (Reuse.heads)."""
    findings = list(findings)
    # A finding learns its version here alone, with its API and heading line
    # (`finding` sets none of them): one that has it is placed already, where
    # its page was read (`placed_page`) or in an earlier call. A page's heads
    # are looked at only for a finding not placed yet: a clean page, or one
    # whose findings were placed where it was read, costs nothing (a warm
    # history keeps the heads of thousands undecoded).
    unplaced = {f.path for f in findings if f.version is None}
    on = {page.path: page for page in pages if page.path in unplaced}
    spans = {path: sorted(heads(page)) for path, page in on.items()}
    starts = {path: [line for line, _ in entries] for path, entries in spans.items()}
    placed: list[Finding] = []
    for finding in findings:
        if finding.path not in unplaced:
            # placed already: nothing to learn
            placed.append(finding)
            continue
        page = on.get(finding.path)
        version = finding.version or (page.version if page is not None else None)
        api, entry_line = finding.api, finding.entry_line
        index = bisect.bisect_right(starts.get(finding.path, []), finding.line) - 1
        if entry_line is None and index >= 0:
            entry_line, heading_api = spans[finding.path][index]
            api = api or heading_api
        if (version, api, entry_line) != (finding.version, finding.api, finding.entry_line):
            # not dataclasses.replace: a history places some 107,000 (7.4 s of a
            # cold run of the real 28 refs under the profiler)
            f = finding
            finding = built(f.path, f.line, f.rule, f.severity, f.message, api, entry_line,
                            version, f.fix)  # fmt: skip
        placed.append(finding)
    return placed


def placed_page(page: Page) -> Page:
    """The page with its reading's findings placed (`with_api`) once, where it
    is read: a page's findings are kept with its blob and placed again at each
    ref that holds it (`Finding.at` keeps what they know), so that a history's
    lint, whose findings are mostly the same blobs' ref after ref, places some
    107,000 of them no more (a third of a second of the real history's cold
    run, after its read, when one core idles)."""
    if not page.findings:
        return page
    return dataclasses.replace(page, findings=tuple(with_api(page.findings, [page])))
