"""`migrate --to blocks|table`: every entry of the pages in the house block
format (or back to tables), checked by the model itself: each migrated page
is read back, and must hold the same entries in the same order saying the
same of every product in scope, with no block house-rule finding it did not
have. A page that fails this is left as it was and said; an entry that
cannot be carried over whole is left as it is and said (checker.rewrite.migrate)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from checker.app.outcome import Outcome
from checker.app.rewritten import Rewritten, Skipped
from checker.app.setup import Settings, setup
from checker.errors import InputError
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.support import Page
from checker.progress import Progress
from checker.rewrite.lines import replaced
from checker.rewrite.migrate import plan
from checker.rewrite.source import load_source
from checker.rewrite.written import Change, read_back, write_changes
from checker.sources.corpus import read_corpus

MIGRATED = N_("entries")  # what a migrated page's line counts


def migrate(
    paths: Sequence[str],
    form: str,
    settings: Settings,
    diff: bool,
    progress: Progress | None = None,
) -> Outcome[Rewritten]:
    ready = setup(paths, settings)
    corpus = read_corpus(ready.docs, ready.catalogue, options=settings.reading.options(progress))
    changes: list[Change] = []
    skipped: list[Skipped] = []
    errors = list(corpus.errors)
    for page in corpus.pages:
        try:
            source = load_source(page.path)
        except InputError as error:
            errors.append(str(error))
            continue
        lines = [line.rstrip("\r\n") for line in source.lines]
        planned = plan(page, lines, form, ready.catalogue)
        skipped += [Skipped(page.path, line, why) for line, why in planned.left]
        if not planned.replacements:
            continue
        text = replaced(source.lines, planned.replacements)
        after = read_back(page, text, ready.catalogue)
        wrong = _differs(page, after, ready.catalogue)
        if wrong is not None:
            skipped.append(Skipped(page.path, wrong[0], wrong[1]))
            continue
        changes.append(Change(page.path, source, text, ((MIGRATED, planned.migrated),)))
    if not diff:
        write_changes(changes)
    rewritten = Rewritten(
        tuple(changes), diff, tuple(skipped), pages=len(corpus.pages), entries=corpus.entry_count
    )
    failed = bool(rewritten.changed) if diff else bool(skipped)
    return Outcome("migrate", rewritten, tuple(errors), failed=failed)


def said(page: Page, catalogue: Catalogue) -> list[tuple[str, str, dict[str, str]]]:
    """What a page says, as migrating must keep it: each entry's API and
    version, in order, with its status expanded over its scope."""
    return [
        (entry.api, entry.version, entry.expanded(catalogue.scope_for(entry.path, entry.status)))
        for entry in page.entries
    ]


def _differs(before: Page, after: Page, catalogue: Catalogue) -> tuple[int, str] | None:
    """Where, and how, the migrated page reads otherwise than the page did."""
    old, new = said(before, catalogue), said(after, catalogue)
    for index, (was, now) in enumerate(zip(old, new, strict=False)):
        if was != now:
            line = before.entries[index].line
            return line, message(N_("not migrated: {api} would read otherwise"), api=was[0])
    if len(old) != len(new):
        template = N_("not migrated: the page would read as {after} entries, not {before}")
        return before.entries[0].line, message(template, after=len(new), before=len(old))
    came = Counter(f.rule for f in after.findings if f.rule.startswith("block-"))
    came -= Counter(f.rule for f in before.findings if f.rule.startswith("block-"))
    if came:
        rule = min(came)
        line = min(f.line for f in after.findings if f.rule == rule)
        return line, message(N_("not migrated: the result would have a {rule} finding"), rule=rule)
    return None
