"""A lint run's certain fixes made in its pages, unwritten: each page fixed
on its own, in passes (a fix can reveal another: a block's end id set right
shows its start id a duplicate), read back after each; kept only when every
finding fixed is gone and no new one came. `fix` writes them; lint's
lintrunner format hands them on. Here, below both commands' flows, so that
neither flow imports the other."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from checker.checks.lint import lint_pages
from checker.gate.gate import Gate
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.finding import Finding
from checker.model.support import Page
from checker.read.load import page_lines
from checker.rewrite.replacements import Replacement, fixed, replaced
from checker.rewrite.source import Skipped, Source, opened
from checker.rewrite.written import PageRewrite, read_back, said

PASSES = 10  # a fix that reveals another, that reveals another...: a few at most


@dataclass(frozen=True)
class _Relint:
    """A page linted again as this run lints it: under its catalogue and gate."""

    catalogue: Catalogue
    gate: Gate

    def findings(self, page: Page) -> list[Finding]:
        """The page's own findings as lint gates them (the cross-page rules,
        which no fix touches, without the other pages)."""
        return list(self.gate.apply(self.every(page), pages=[page]).findings)

    def every(self, page: Page) -> list[Finding]:
        """All of them, selected or not, suppressed or not: what a fix must
        not bring, whatever this run reports."""
        return lint_pages([page], self.catalogue)


@dataclass(frozen=True)
class FixedPages:
    """The pages of a lint run with their certain fixes made, not yet written."""

    changes: tuple[PageRewrite, ...]
    skipped: tuple[Skipped, ...]  # pages whose fixes could not be proven
    gone: Counter[tuple[str, str, int]]  # (path, rule, line) of each finding fixed
    errors: tuple[str, ...]  # pages that could not be read again


def fixed_pages(
    pages: Sequence[Page],
    findings: Sequence[Finding],
    catalogue: Catalogue,
    gate: Gate,
    docs: tuple[str, ...],
    since: int | None = None,
) -> FixedPages:
    """`fix`'s work, which lint's lintrunner format also hands on (as each
    page's text before and after, for `lintrunner -a`): the pages of a lint
    run and its gated findings, under the catalogue and gate it ran with;
    `docs`: the docs trees (a link leaving them is not followed). `since`:
    when the run began (ns); a page changed after it is an error, not fixed."""
    relint = _Relint(catalogue, gate)
    fixable = {f.path for f in findings if f.fix}
    changes: list[PageRewrite] = []
    skipped: list[Skipped] = []
    gone: Counter[tuple[str, str, int]] = Counter()
    errors: list[str] = []
    for page in pages:
        if page.path not in fixable or page.tree:  # a page at a git ref is no file to fix
            continue
        source = opened(page.path, docs, since, skipped, errors)
        if source is None:
            continue
        change, refused, fixed_here = _fixed_page(page, source, relint)
        changes += [change] if change is not None else []
        gone.update({(page.path, rule, line): n for (rule, line), n in fixed_here.items()})
        skipped += refused
    return FixedPages(tuple(changes), tuple(skipped), gone, tuple(errors))


def fixed_text(page: Page, text: str, catalogue: Catalogue, gate: Gate) -> PageRewrite | None:
    """`fix`'s work on one page whose text is given, not read from its file
    (an editor's buffer: the language server's quick fixes), under the
    catalogue and gate its lint ran with: the page rewritten, or None when
    nothing is fixed or the fixes could not be proven."""
    change, refused, _ = _fixed_page(page, Source(page.path, text), _Relint(catalogue, gate))
    return None if refused else change


def _fixed_page(
    page: Page, source: Source, relint: _Relint
) -> tuple[PageRewrite | None, list[Skipped], Counter[tuple[str, int]]]:
    """The page fixed, or why not; and the (rule, line) of each finding fixed."""
    before = relint.findings(page)
    text, findings, current = source.text, before, page
    touched: set[int] = set()  # the lines a pass replaced (a fix moves no line)
    for _ in range(PASSES):
        fixes = [f for f in findings if f.fix]
        made = fixed(page_lines(text, keepends=True), [f.fix for f in fixes])
        if not made.applied:
            break
        touched.update(change.first for change in made.replacements)
        text = replaced(page_lines(text, keepends=True), made.replacements)
        current = read_back(page, text, relint.catalogue)
        findings = relint.findings(current)
    if text == source.text:
        return None, [], Counter()
    refused = _refused(page, current, relint)
    if refused is not None:
        return None, [refused], Counter()
    gone = Counter(_key(f) for f in before) - Counter(_key(f) for f in findings)
    done = Counter(rule for rule, _ in gone.elements())
    regions = _regions(source.lines, page_lines(text, keepends=True), touched)
    return PageRewrite(page.path, source, text, tuple(done.items()), regions), [], gone


def _regions(old: list[str], new: list[str], touched: set[int]) -> tuple[Replacement, ...]:
    """The lines fixed, each a replacement of itself: what the diff shows."""
    return tuple(
        Replacement(line, line, (new[line - 1].rstrip("\r\n"),))
        for line in sorted(touched)
        if old[line - 1] != new[line - 1]
    )


def _refused(page: Page, fixed_page: Page, relint: _Relint) -> Skipped | None:
    """Why the fixed page must not be written, if it must not: a finding of
    any rule that the page did not have, or an entry that says otherwise."""
    came = Counter(map(_key, relint.every(fixed_page))) - Counter(map(_key, relint.every(page)))
    if came:
        rule, line = min(came)
        why = message(
            N_("not fixed: the fixed page would have a new {rule} finding at line {line}"),
            rule=rule,
            line=line,
        )
        return Skipped(page.path, line, why)
    was, now = said(page, "line"), said(fixed_page, "line")
    changed = [e.line for e, a, b in zip(page.entries, was, now, strict=False) if a != b]
    if changed or len(fixed_page.entries) != len(page.entries):
        # a fix changes how a page writes what it says, never what it says
        line = changed[0] if changed else 1
        why = message(
            N_("not fixed: the fixed page would say something else of the entry at line {line}"),
            line=line,
        )
        return Skipped(page.path, line, why)
    return None


def _key(finding: Finding) -> tuple[str, int]:
    """A finding as a fix's proof counts it: rule and line (fixes move no line)."""
    return finding.rule, finding.line
