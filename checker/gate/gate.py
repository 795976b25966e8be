"""What a run reports: the one place where the pages' docs-check comments, the
rule selection, the configuration's severity overrides and ignores, and the
baseline are applied to findings and to verify verdicts, for every command
alike, in that order. Any id of the registry can be selected, re-levelled or
ignored; a verdict turned off stays in the report without a severity (its row
belongs to the product table), and so does one the baseline knows (schema 2
records verdicts), while a known verdict no result matched any more is a
`stale-baseline` finding. Given an `Audit` (lint), it also reports the
exceptions that excused nothing."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from checker.config.ignore import Ignore
from checker.config.selection import Selection
from checker.gate.audit import (
    Audit,
    stale_entries,
    stale_verdicts,
    unused_ignores,
    unused_suppressions,
)
from checker.gate.baseline import BaselineKey, Project, VerdictKey, key_of, verdict_key
from checker.gate.suppress import silence
from checker.i18n import N_, joined, message
from checker.model.finding import Finding, Severity
from checker.model.placed import with_api
from checker.model.support import Page

if TYPE_CHECKING:  # a lint run has no verdicts, and loads no verify code
    from checker.model.verdict import Verdict


@dataclass(frozen=True)
class Gated:
    """The findings and verdicts left to report, and what was left out."""

    findings: tuple[Finding, ...]  # what to report
    ignored: int = 0  # turned off or ignored by the configuration
    known: int = 0  # in the baseline
    results: tuple[Verdict, ...] = ()  # the verdicts, re-levelled
    suppressed: int = 0  # silenced by docs-check comments in the pages
    untouched: int = 0  # on nothing the change touched (lint --changed-since, --staged)

    @property
    def note(self) -> str:
        """`; not shown: 28 in the baseline, 1 ignored, 2 suppressed, 3 not
        touched`, or nothing:
        a Message, which the summary line says in the language of the run."""
        hidden = [message(N_("{count} in the baseline"), count=self.known)] if self.known else []
        hidden += [message(N_("{count} ignored"), count=self.ignored)] if self.ignored else []
        if self.suppressed:
            hidden += [message(N_("{count} suppressed"), count=self.suppressed)]
        if self.untouched:
            hidden += [message(N_("{count} not touched"), count=self.untouched)]
        if not hidden:
            return ""
        return message(N_("; not shown: {hidden}"), hidden=joined(hidden, N_("{first}, {then}")))


@dataclass(frozen=True)
class Gate:
    """The judgement after the checks: levels, ignores, selection and baseline."""

    project: Project
    severity: Mapping[str, str] = field(default_factory=dict)  # rule id -> error/warning/off
    ignores: tuple[Ignore, ...] = ()
    baseline: Counter[BaselineKey] | None = None
    selection: Selection = field(default_factory=Selection)
    baseline_file: str | None = None  # where `baseline` was read: stale entries name it
    verdicts: Counter[VerdictKey] | None = None  # the baseline's known verdicts

    def apply(
        self,
        findings: Iterable[Finding],
        results: Iterable[Verdict] = (),
        pages: Sequence[Page] = (),
        audit: Audit | None = None,
    ) -> Gated:
        """The findings without those the pages' comments silence, without
        the rules not selected, re-levelled, without those turned off or
        ignored, then without those the baseline knows (in order: the later
        ones are new); the verdicts re-levelled, a severity dropped where not
        selected, turned off or ignored. `pages`: the pages read, whose
        comments apply."""
        silenced = silence(findings, pages)
        used: set[int] = set()
        kept, ignored = self._levelled(silenced.kept, used)
        if audit is not None:
            selects = self.selection.selects
            extra = unused_suppressions(silenced.unused, audit, selects)
            pages_match = self._names_page
            extra = with_api(extra, pages)  # a comment's entry, and its page's version
            extra += unused_ignores(self.ignores, used, audit, selects, pages_match)
            more, more_ignored = self._levelled(extra, used)
            kept, ignored = sorted(kept + more), ignored + more_ignored
        levelled = [self._verdict(result) for result in results]
        levelled, known_verdicts, stale = self._known_verdicts(levelled)
        if stale:
            more, more_ignored = self._levelled(stale, used)
            kept, ignored = sorted(kept + more), ignored + more_ignored
        if self.baseline is None:
            return Gated(tuple(kept), ignored, known_verdicts, tuple(levelled), silenced.count)
        left = Counter(self.baseline)
        new: list[Finding] = []
        for finding in kept:
            key = key_of(finding, self.project)
            if left[key] > 0:
                left[key] -= 1
            else:
                new.append(finding)
        known = len(kept) - len(new) + known_verdicts
        if audit is not None and self.baseline_file is not None:
            stale = stale_entries(left, self.baseline_file, audit, self.selection.selects)
            more, more_ignored = self._levelled(stale, used)
            new, ignored = sorted(new + more), ignored + more_ignored
        return Gated(tuple(new), ignored, known, tuple(levelled), silenced.count)

    def _known_verdicts(self, results: list[Verdict]) -> tuple[list[Verdict], int, list[Finding]]:
        """The verdicts the baseline knows without their severity (their rows
        stay; they fail nothing), how many, and a `stale-baseline` finding for
        each known verdict that no result matched on a rule, version and
        product this run judged."""
        if not self.verdicts or self.baseline_file is None:
            return results, 0, []
        left = Counter(self.verdicts)
        kept: list[Verdict] = []
        for result in results:
            key = verdict_key(result)
            if result.severity is not None and left[key] > 0:
                left[key] -= 1
                result = dataclasses.replace(result, severity=None)
            kept.append(result)
        known = sum(self.verdicts.values()) - sum(left.values())
        judged = {(r.rule, r.version, r.product) for r in results}
        stale = Counter(
            {
                key: count
                for key, count in left.items()
                if count > 0 and (key[0], key[3], key[4]) in judged
            }
        )
        return kept, known, stale_verdicts(stale, self.baseline_file)

    def _levelled(self, findings: Iterable[Finding], used: set[int]) -> tuple[list[Finding], int]:
        """The selected findings re-levelled, and how many were turned off or
        ignored; `used` gathers the indexes of the ignores that matched."""
        kept: list[Finding] = []
        ignored = 0
        # without ignores, whether a finding is selected and its level are its
        # rule's: decided once a rule, not once a finding (a history's lint
        # gates some 107,000)
        by_rule: dict[str, tuple[bool, str | None]] = {}
        for finding in findings:
            rule = finding.rule
            known = None if self.ignores else by_rule.get(rule)
            if known is None:
                selected = self.selection.selects(rule)
                level = self._level(rule, finding.path, finding.api, used) if selected else None
                known = (selected, level)
                if not self.ignores:
                    by_rule[rule] = known
            selected, level = known
            if not selected:
                continue
            if level == "off":
                ignored += 1
                continue
            if level is not None:
                finding = dataclasses.replace(finding, severity=Severity(level))
            kept.append(finding)
        return kept, ignored

    def _verdict(self, result: Verdict) -> Verdict:
        if not result.check:
            return result
        severity = self.verdict_level(result.check, result.path, result.api, result.severity)
        return (
            result
            if severity is result.severity
            else dataclasses.replace(result, severity=severity)
        )

    def verdict_level(
        self, check: str, path: str, api: str | None, default: Severity | None
    ) -> Severity | None:
        """The severity a verdict of `check` is shown with (its row stays in the
        report whatever it is): None where not selected, turned off or ignored,
        else the configured level, else `default`."""
        if not self.selection.selects(check):
            return None
        level = self._level(check, path, api, set())
        if level is None:
            return default
        return None if level == "off" else Severity(level)

    def _level(self, rule: str, path: str, api: str | None, used: set[int]) -> str | None:
        """ "off" where ignored, else the configured level, else None."""
        matched = [
            i for i, ignore in enumerate(self.ignores) if self._matches(ignore, rule, path, api)
        ]
        if matched:
            used.update(matched)
            return "off"
        return self.severity.get(rule)

    def _matches(self, ignore: Ignore, rule: str, path: str, api: str | None) -> bool:
        if ignore.rule != rule or not self._names_page(ignore, self.project.path(path)):
            return False
        if ignore.api is None:
            return True
        return api is not None and fnmatchcase(api, ignore.api)

    @staticmethod
    def _names_page(ignore: Ignore, path: str) -> bool:
        """Whether the ignore's path glob matches `path` (named from the project
        root); a glob without "/" matches the file name."""
        if "/" not in ignore.path:
            path = PurePosixPath(path).name
        return fnmatchcase(path, ignore.path)
