"""What a run reports: the one place where the configuration's severity
overrides and ignores, and the baseline, are applied to findings and to verify
verdicts, for every command alike. Any id of the registry can be re-levelled or
ignored; a verdict turned off stays in the report without a severity (its row
belongs to the product table), and the baseline knows findings only."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from checker.gating.baseline import Key, Project, key_of
from checker.gating.config_keys import Ignore
from checker.model.finding import Finding, Severity

if TYPE_CHECKING:  # a lint run has no verdicts, and loads no verify code
    from checker.verify.crosscheck import Result


@dataclass(frozen=True)
class Gated:
    findings: tuple[Finding, ...]  # what to report
    ignored: int = 0  # turned off or ignored by the configuration
    known: int = 0  # in the baseline
    results: tuple[Result, ...] = ()  # the verdicts, re-levelled

    @property
    def note(self) -> str:
        """`; not shown: 28 in the baseline, 1 ignored`, or nothing."""
        hidden = [f"{self.known} in the baseline"] if self.known else []
        hidden += [f"{self.ignored} ignored"] if self.ignored else []
        return f"; not shown: {', '.join(hidden)}" if hidden else ""


@dataclass(frozen=True)
class Gate:
    project: Project
    severity: Mapping[str, str] = field(default_factory=dict)  # rule id -> error/warning/off
    ignores: tuple[Ignore, ...] = ()
    baseline: Counter[Key] | None = None

    def apply(self, findings: Iterable[Finding], results: Iterable[Result] = ()) -> Gated:
        """The findings re-levelled, without those turned off or ignored, then
        without those the baseline knows (in order: the later ones are new);
        the verdicts re-levelled, a severity dropped where turned off or ignored."""
        kept: list[Finding] = []
        ignored = 0
        for finding in findings:
            level = self._level(finding.rule, finding.path, finding.api)
            if level == "off":
                ignored += 1
                continue
            if level is not None:
                finding = dataclasses.replace(finding, severity=Severity(level))
            kept.append(finding)
        levelled: list[Result] = []
        for result in results:
            level = self._level(result.check, result.path, result.api) if result.check else None
            if level is not None:  # the row stays in the report: nothing is hidden
                severity = None if level == "off" else Severity(level)
                result = dataclasses.replace(result, severity=severity)
            levelled.append(result)
        if self.baseline is None:
            return Gated(tuple(kept), ignored, 0, tuple(levelled))
        left = Counter(self.baseline)
        new: list[Finding] = []
        for finding in kept:
            key = key_of(finding, self.project)
            if left[key] > 0:
                left[key] -= 1
            else:
                new.append(finding)
        return Gated(tuple(new), ignored, len(kept) - len(new), tuple(levelled))

    def _level(self, rule: str, path: str, api: str | None) -> str | None:
        """ "off" where ignored, else the configured level, else None."""
        if any(self._matches(ignore, rule, path, api) for ignore in self.ignores):
            return "off"
        return self.severity.get(rule)

    def _matches(self, ignore: Ignore, rule: str, path: str, api: str | None) -> bool:
        if ignore.rule != rule:
            return False
        path = self.project.path(path)
        if "/" not in ignore.path:
            path = PurePosixPath(path).name
        if not fnmatchcase(path, ignore.path):
            return False
        if ignore.api is None:
            return True
        return api is not None and fnmatchcase(api, ignore.api)
