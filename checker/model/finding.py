"""What every stage reports: one `Finding` per problem, at the line of the
offending text, made by `finding`, its one constructor, so that an unknown id
fails at once. Which ids exist, and how severe each is, is the registry's
(checker.ids.registry)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from checker.ids.registry import NOTE, REGISTRY
from checker.model.edit import Fix


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Finding:
    """One problem, at one place. Field order is the sort order of reports."""

    path: str
    line: int
    rule: str
    severity: Severity = field(compare=False)
    message: str = field(compare=True)
    api: str | None = field(default=None, compare=False)  # the entry it is on, if any
    entry_line: int | None = field(default=None, compare=False)  # that entry's heading line
    # the docs version of the page it is on; None on a file that is no page (a rule file)
    version: str | None = field(default=None, compare=False)
    # a certain fix (checker.rewrite applies it); () when there is none
    fix: Fix = field(default=(), compare=False)

    def at(self, path: str) -> Finding:
        """The same finding on the page named `path` (a page placed at a git
        ref): not dataclasses.replace, which cost a warm history placing
        106,000 of them 1.7 s."""
        return built(path, self.line, self.rule, self.severity, self.message, self.api,
                     self.entry_line, self.version, self.fix)  # fmt: skip


def built(
    path: str, line: int, rule: str, severity: Severity, message: str, api: str | None,
    entry_line: int | None, version: str | None, fix: Fix,
) -> Finding:  # fmt: skip
    """`Finding(...)` of these fields, made without the frozen constructor's
    nine `object.__setattr__` calls (it has no `__post_init__` to skip): 0.9
    µs against 2.1, for the kept findings a warm history decodes and places,
    some 250,000 of them."""
    made = _NEW(Finding)
    made.__dict__.update(path=path, line=line, rule=rule, severity=severity, message=message,
                         api=api, entry_line=entry_line, version=version, fix=fix)  # fmt: skip
    return made


_NEW = object.__new__


@dataclass(frozen=True)
class Problem:
    """A finding before it knows where it is: what the normaliser and block
    parser return, placed by the reader that knows path and line."""

    rule: str
    message: str
    fix: Fix = ()  # its certain fix, for a rule that has one (Check.autofix)

    def at(self, path: str, line: int) -> Finding:
        return finding(self.rule, path, line, self.message, fix=self.fix)


def default_severity(rule: str) -> Severity | None:
    """The severity the registry gives what `rule` reports; None for a note."""
    level = REGISTRY[rule].level
    return None if level == NOTE else Severity(level)


def finding(
    rule: str, path: str, line: int, message: str, api: str | None = None, fix: Fix = ()
) -> Finding:
    severity = default_severity(rule)
    assert severity is not None, f"{rule} is a verdict, not a finding"
    assert REGISTRY[rule].autofix or not fix, f"{rule} has no automatic fix"
    return Finding(
        path=path, line=line, rule=rule, severity=severity, message=message, api=api, fix=fix
    )
