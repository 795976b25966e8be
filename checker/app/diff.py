"""`diff A B`: what changed in the support model between two docs versions,
two git refs or two languages. A and B say which: X.Y.Z is a version, zh and
en are languages, anything else (with --git) a ref; between two refs also the
lint findings B introduced and fixed. Differences are what the command
reports, not a failure, unless --exit-code asks (as `git diff`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import replace

from checker.app.lint import lint_rules
from checker.app.setup import Prepared, Settings, read_docs
from checker.checks.lint import lint_pages
from checker.errors import UsageError
from checker.gate.baseline import Project, key_of
from checker.i18n import N_, joined
from checker.model.changes import Compared, RecordKey, Sides, by_version_and_language, changes
from checker.model.finding import Finding
from checker.model.records import Record, records_of
from checker.model.support import Page
from checker.model.version import is_version, version_key
from checker.outcome import Command, Outcome
from checker.progress import Progress
from checker.results import Diffed
from checker.sources.documents import no_pages
from checker.sources.page_cache.checked_store import CheckedStore

LANGUAGES = ("zh", "en")


def sides_of(a: str, b: str, git_repo: str | None) -> Sides:
    """Two versions or two languages wherever the docs come from; two refs only
    with --git, so that a mistyped version is not taken for a ref."""
    if is_version(a) and is_version(b):
        return Sides(Compared.VERSIONS, a, b)
    if a in LANGUAGES and b in LANGUAGES:
        return Sides(Compared.LANGUAGES, a, b)
    named = [side for side in (a, b) if side in LANGUAGES or is_version(side)]
    if git_repo is not None and not named:
        return Sides(Compared.REFS, a, b)
    raise UsageError.saying(
        N_(
            "diff {a} {b}: give two versions (2.12.0 2.13.0), two languages (zh en), "
            "or with --git REPO two refs"
        ),
        a=a,
        b=b,
    )


def diff(
    sides: Sides,
    docs: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    exit_code: bool = False,
) -> Outcome[Diffed]:
    """`settings` reads the two refs when refs are compared (the command line
    makes A and B its --ref). `exit_code`: differences fail the run."""
    ready, corpus = read_docs(docs, settings, progress)
    if sides.compared is Compared.REFS:
        sides = _read_as(sides, settings.reading.refs, docs, corpus.pages)
    records = list(records_of(corpus.pages, ready.catalogue))
    before, after, key = _split(sides, corpus.pages, records)
    found = tuple(changes(before, after, key))
    diffed = Diffed(sides, found, settings.reading.refs)
    if sides.compared is Compared.REFS:
        introduced, fixed = _findings_between(sides, corpus.pages, ready, settings)
        diffed = replace(diffed, introduced=introduced, fixed=fixed)
    differ = bool(found or diffed.introduced or diffed.fixed)
    return Outcome(Command.DIFF, diffed, corpus.errors, failed=exit_code and differ)


def _read_as(
    sides: Sides, refs: Sequence[str], docs: Sequence[str], pages: Sequence[Page]
) -> Sides:
    """The two refs as read (`v2.12.0` is read from `origin/v2.12.0` in a
    clone without that branch), pages being named by them. A ref without
    pages is a mistake (a release branch that carries no docs), not an API
    list to report as all added or all removed."""
    a, b = refs
    have = {page.tree for page in pages}
    for ref in (a, b):
        if ref not in have:
            raise UsageError(no_pages(ref, docs))
    return replace(sides, a=a, b=b)


def _findings_between(
    sides: Sides, pages: Sequence[Page], ready: Prepared, settings: Settings
) -> tuple[tuple[Finding, ...], tuple[Finding, ...]]:
    """What lint finds at B and not at A, and at A and not at B. A finding is
    matched by its rule, its path in the repository and its API (else its
    message), counted: two at A and three at B is one introduced."""
    cache = settings.reading.options().cache
    store = CheckedStore(cache, ready.catalogue) if cache else None
    rules = lint_rules(ready, settings)  # a status flipped against a rule is a finding too
    with store or nullcontext():
        found = lint_pages(pages, ready.catalogue, store=store, rules=rules)
    gated = ready.gate.apply(found, pages=pages)
    at = {
        side: [f for f in gated.findings if f.path.startswith(f"{side}:")]
        for side in (sides.a, sides.b)
    }
    project = ready.gate.project
    return _beyond(at[sides.b], at[sides.a], project), _beyond(at[sides.a], at[sides.b], project)


def _beyond(
    these: Sequence[Finding], those: Sequence[Finding], project: Project
) -> tuple[Finding, ...]:
    left = Counter(key_of(finding, project) for finding in those)
    more: list[Finding] = []
    for finding in these:
        key = key_of(finding, project)
        if left[key] > 0:
            left[key] -= 1
        else:
            more.append(finding)
    return tuple(more)


def _split(
    sides: Sides, pages: Sequence[Page], records: list[Record]
) -> tuple[list[Record], list[Record], RecordKey]:
    """Each side's records, and what names one API on both sides."""
    a, b = sides.a, sides.b
    if sides.compared is Compared.REFS:  # a version folder new at B is news
        return _of(records, "tree", a), _of(records, "tree", b), by_version_and_language
    if sides.compared is Compared.VERSIONS:
        _have_versions({page.version for page in pages}, (a, b))
        both = _both(pages, "version", ("tree", "lang"), sides)
        if not both:
            raise UsageError.saying(
                N_("no language has pages of both {a} and {b} in the docs read"), a=a, b=b
            )
        shared = [record for record in records if (record.tree, record.lang) in both]
        return _of(shared, "version", a), _of(shared, "version", b), _by("lang", "tree")
    both = _both(pages, "lang", ("tree", "version"), sides)
    if not both:
        raise UsageError.saying(
            N_("no docs version has both {a} and {b} pages in the docs read"), a=a, b=b
        )
    shared = [record for record in records if (record.tree, record.version) in both]
    return _of(shared, "lang", a), _of(shared, "lang", b), _by("version", "tree")


def _both(
    pages: Sequence[Page], side: str, within: tuple[str, str], sides: Sides
) -> set[tuple[str, ...]]:
    """The groups (a language of a tree, or a version) that have pages of both
    sides: only these are compared, else a version one language lacks (or a
    language one version lacks) would be all additions or all removals."""
    held: dict[tuple[str, ...], set[str]] = {}
    for page in pages:
        group = tuple(getattr(page, field) for field in within)
        held.setdefault(group, set()).add(getattr(page, side))
    return {group for group, have in held.items() if {sides.a, sides.b} <= have}


def _of(records: list[Record], field: str, value: str) -> list[Record]:
    return [record for record in records if getattr(record, field) == value]


def _by(*fields: str) -> RecordKey:
    def key(record: Record) -> tuple[str, ...]:
        return (record.api, *(getattr(record, field) for field in fields))

    return key


def _have_versions(present: set[str], asked: Sequence[str]) -> None:
    """A side with no page at all is a mistake (a version not in the docs
    read), not an API list to report as all removed."""
    for value in asked:
        if value not in present:
            known = joined(sorted(present, key=version_key), N_("{first}, {then}"))
            raise UsageError.saying(
                N_("no pages of version {value} in the docs read ({known})"),
                value=value,
                known=known,
            )
