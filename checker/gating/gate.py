"""What a run reports: the one place where the configuration's severity
overrides and ignores, and the baseline, are applied to findings, for every
command alike."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import PurePosixPath

from checker.gating.baseline import Key, Project, key_of
from checker.gating.config_keys import Ignore
from checker.model.finding import Finding, Severity


@dataclass(frozen=True)
class Gated:
    findings: tuple[Finding, ...]  # what to report
    ignored: int = 0  # turned off or ignored by the configuration
    known: int = 0  # in the baseline

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

    def apply(self, findings: Iterable[Finding]) -> Gated:
        """The findings re-levelled, without those turned off or ignored, then
        without those the baseline knows (in order: the later ones are new)."""
        kept: list[Finding] = []
        ignored = 0
        for finding in findings:
            level = self.severity.get(finding.rule)
            if level == "off" or any(self._matches(rule, finding) for rule in self.ignores):
                ignored += 1
                continue
            if level is not None:
                finding = dataclasses.replace(finding, severity=Severity(level))
            kept.append(finding)
        if self.baseline is None:
            return Gated(tuple(kept), ignored)
        left = Counter(self.baseline)
        new: list[Finding] = []
        for finding in kept:
            key = key_of(finding, self.project)
            if left[key] > 0:
                left[key] -= 1
            else:
                new.append(finding)
        return Gated(tuple(new), ignored, len(kept) - len(new))

    def _matches(self, ignore: Ignore, finding: Finding) -> bool:
        if ignore.rule != finding.rule:
            return False
        path = self.project.path(finding.path)
        if "/" not in ignore.path:
            path = PurePosixPath(path).name
        if not fnmatchcase(path, ignore.path):
            return False
        if ignore.api is None:
            return True
        return finding.api is not None and fnmatchcase(finding.api, ignore.api)
