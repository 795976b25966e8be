"""The answer of the template's 【资料变更】: whether the pull request changes
docs entries (涉及 / 不涉及), and with `verify --base REF` each change as
before → after, at the path:line of the docs checked (of the base for an API
removed), products named as the page writes them:

    - `docs/zh/…/pytorch_2-12-0/torch-distributed-elastic.md:21`（2.12.0）：
      `torch.distributed.elastic.metrics.put_metric` Ascend 950DT：✘ → ✔

Without --base nothing was compared: the report says so, and claims neither."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from checker.i18n import _, ngettext
from checker.model.changes import Change, Kind
from checker.model.records import Record
from checker.report.escape import markdown as text
from checker.report.escape import markdown_code as code
from checker.report.located import located
from checker.report.markdown import MARKS
from checker.verify.docs_changes import DocsChanges


def changes_said(docs: DocsChanges, refs: Sequence[str]) -> list[str]:
    """The 涉及 / 不涉及 line, then the changes."""
    head = ", ".join(refs) if refs else _("the working tree")
    if docs.base is None:
        said = _(
            "Docs changes: not determined: no --base REF was given to compare the docs "
            "with (e.g. the pull request's target branch)."
        )
        return [text(said)]
    sides = {"head": text(head), "base": code(docs.base)}
    if not docs.changes:
        said = _("Not involved: the docs entries at {head} are those at {base}.")
        return [said.format(**sides)]
    count = len(docs.changes)
    said = ngettext(
        "Involved: {count} change to docs entries at {head} against {base} (before → after):",
        "Involved: {count} changes to docs entries at {head} against {base} (before → after):",
        count,
    )
    lines = [said.format(count=count, **sides), ""]
    every = (docs.base, *refs)
    lines += [_line(change, docs, every) for change in docs.changes]
    return lines


def repo_path(path: str, refs: Sequence[str]) -> str:
    """A page's path in its repository: at a git ref, the path inside it; in
    a working tree, the path from the last `docs` folder above the page
    (torch-npu keeps its docs in `docs/`), the same on every machine."""
    ref, inside = located(path, refs)
    if ref is not None:
        return inside
    parts = PurePath(path).parts
    docs = [i for i, part in enumerate(parts[:-1]) if part == "docs"]
    return PurePath(*parts[docs[-1] :]).as_posix() if docs else path


def item(where: str, version: str, said: str) -> str:
    """A list item: `where` and `said` already Markdown, `version` text."""
    said = _("{where} ({version}): {said}").format(where=where, version=text(version), said=said)
    return "- " + said


def _line(change: Change, docs: DocsChanges, refs: Sequence[str]) -> str:
    api = code(change.api)
    if change.kind is Kind.CHANGED and change.before and change.after:
        before, after = change.before, change.after
        said = _("{api} {product}: {before} → {after}").format(
            api=api,
            product=_name(after, docs),
            before=MARKS.get(before.status, before.status),
            after=MARKS.get(after.status, after.status),
        )
        if repo_path(before.path, refs) != repo_path(after.path, refs) or before.line != after.line:
            said += _(" (before: {where})").format(where=code(_where(before, before.line, refs)))
        return item(code(_where(after, after.line, refs)), after.version, said)
    record = change.either
    said = _("{api} added") if change.kind is Kind.ADDED else _("{api} removed")
    return item(code(_where(record, record.entry_line, refs)), record.version, said.format(api=api))


def _name(record: Record, docs: DocsChanges) -> str:
    """The product as the page writes it (the configuration's name), escaped."""
    return text(docs.name(record.path, record.entry_line, record.product))


def _where(record: Record, line: int, refs: Sequence[str]) -> str:
    return f"{repo_path(record.path, refs)}:{line}"
