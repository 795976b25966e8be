"""`migrate --to blocks|table`: every entry of the pages in the house block
format (or back to tables), checked by the model itself: each migrated page
is read back, and must hold the same entries in the same order saying the
same of every product in scope, with no block house-rule finding it did not
have. A page that fails this is left as it was and said; an entry that
cannot be carried over whole is left as it is and said (checker.rewrite.migrate)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from checker.app.setup import Settings, read_docs
from checker.files import ESCAPE
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.records import records_of
from checker.model.support import Entry, Page
from checker.outcome import Command, Outcome
from checker.progress import Progress
from checker.results import Rewritten
from checker.rewrite.migrate import Plan, plan
from checker.rewrite.replacements import replaced
from checker.rewrite.source import Skipped, Source, opened
from checker.rewrite.written import PageRewrite, read_backs, write_changes

MIGRATED = N_("entries")  # what a migrated page's line counts


def migrate(
    paths: Sequence[str],
    form: str,
    settings: Settings,
    diff: bool,
    progress: Progress | None = None,
) -> Outcome[Rewritten]:
    since = time.time_ns()  # a page changed after this is not the page read
    ready, corpus = read_docs(paths, settings, progress)
    changes: list[PageRewrite] = []
    skipped: list[Skipped] = []
    errors = list(corpus.errors)
    planned_pages: list[tuple[Page, Source, str, Plan]] = []
    for page in corpus.pages:
        source = opened(page.path, ready.docs, since, skipped, errors)
        if source is None:
            continue
        lines = [line.rstrip("\r\n") for line in source.lines]
        planned = plan(page, lines, form, ready.catalogue)
        skipped += [Skipped(page.path, line, why) for line, why in planned.left]
        if planned.replacements:
            text = replaced(source.lines, planned.replacements)
            planned_pages.append((page, source, text, planned))
    # read back together, from the bytes each write would leave (across the
    # workers, and cached for the lint that follows a migration)
    written = [
        (page, source.with_text(text).written.encode("utf-8", ESCAPE))
        for page, source, text, _ in planned_pages
    ]
    read, unread = read_backs(written, ready.catalogue, settings.reading.options())
    errors += unread
    for page, source, text, planned in planned_pages:
        after = read.get(page.path)
        if after is None:  # said among the errors
            continue
        wrong = _differs(page, after, ready.catalogue)
        if wrong is not None:
            skipped.append(Skipped(page.path, wrong[0], wrong[1]))
            continue
        done = ((MIGRATED, planned.migrated),)
        changes.append(PageRewrite(page.path, source, text, done, planned.replacements))
    settled = write_changes(changes, write=not diff)
    errors += settled.refused
    rewritten = Rewritten(
        settled.made, diff, tuple(skipped), pages=len(corpus.pages), entries=corpus.entry_count
    )
    failed = bool(rewritten.changed) if diff else bool(skipped)
    return Outcome(Command.MIGRATE, rewritten, tuple(errors), failed=failed)


def said_per_product(page: Page, catalogue: Catalogue) -> list[tuple[str, ...]]:
    """What a page says, as migrating must keep it: its export (one record per
    entry and product of its scope, in order) but for format and lines. Not
    checker.rewrite.written.said, which compares each entry's `Status`:
    migrating rewrites that (a table's "all but ascend-950" becomes one block
    item per product), so only the statuses expanded over the scope agree."""
    return [(r.api, r.version, r.lang, r.product, r.status) for r in records_of([page], catalogue)]


def _alone(page: Page, entry: Entry) -> Page:
    return replace(page, entries=(entry,))


def _differs(before: Page, after: Page, catalogue: Catalogue) -> tuple[int, str] | None:
    """Where, and how, the migrated page reads otherwise than the page did."""
    if len(after.entries) != len(before.entries):
        template = N_("not migrated: the page would read as {after} entries, not {before}")
        said_now = message(template, after=len(after.entries), before=len(before.entries))
        return before.entries[0].line, said_now
    for was, now in zip(before.entries, after.entries, strict=True):
        if said_per_product(_alone(before, was), catalogue) != said_per_product(
            _alone(after, now), catalogue
        ):
            return was.line, message(N_("not migrated: {api} would read otherwise"), api=was.api)
    came = Counter(f.rule for f in after.findings if f.rule.startswith("block-"))
    came -= Counter(f.rule for f in before.findings if f.rule.startswith("block-"))
    if came:
        rule = min(came)
        line = min(f.line for f in after.findings if f.rule == rule)
        return line, message(N_("not migrated: the result would have a {rule} finding"), rule=rule)
    return None
