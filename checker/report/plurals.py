"""A count and its noun, `1 finding` / `3 findings`, in the language of the
run: one ngettext each, so that every language says it in its own plural
forms (Chinese has one: `1 个问题`). The summary lines are made of them."""

from __future__ import annotations

from checker.i18n import ngettext


def findings_said(count: int) -> str:
    return ngettext("{count} finding", "{count} findings", count).format(count=count)


def errors_said(count: int) -> str:
    return ngettext("{count} error", "{count} errors", count).format(count=count)


def warnings_said(count: int) -> str:
    return ngettext("{count} warning", "{count} warnings", count).format(count=count)


def files_said(count: int) -> str:
    return ngettext("{count} file", "{count} files", count).format(count=count)


def pages_said(count: int) -> str:
    return ngettext("{count} page", "{count} pages", count).format(count=count)


def entries_said(count: int) -> str:
    return ngettext("{count} entry", "{count} entries", count).format(count=count)


def versions_said(count: int) -> str:
    return ngettext("{count} version", "{count} versions", count).format(count=count)


def modules_said(count: int) -> str:
    return ngettext("{count} module", "{count} modules", count).format(count=count)


def cases_said(count: int) -> str:
    return ngettext("{count} case", "{count} cases", count).format(count=count)


def results_said(count: int) -> str:
    return ngettext("{count} result", "{count} results", count).format(count=count)


def runs_failed_said(failed: int, runs: int) -> str:
    """`1 of 1 run failed`, `1 of 3 runs failed`: the noun follows the runs."""
    said = ngettext("{failed} of {count} run failed", "{failed} of {count} runs failed", runs)
    return said.format(failed=failed, count=runs)
