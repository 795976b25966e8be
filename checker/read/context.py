"""What a reader knows about the file it reads, and where it puts findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.model.catalogue import Catalogue
from checker.model.finding import Finding, Problem
from checker.model.support import Status
from checker.read.block_ids import last_block_id


@dataclass
class ReadContext:
    """A page being read: where it is, its lines, and the findings made."""

    path: str
    version: str
    lang: str
    catalogue: Catalogue
    lines: list[str]
    findings: list[Finding] = field(default_factory=list)
    block_ids: dict[str, int] = field(default_factory=dict)  # house-style id -> first line
    unclosed: set[str] = field(default_factory=set)  # ids of blocks reported never closed
    # what each distinct product table's cells say (checker.read.table)
    tables: dict[tuple[object, ...], Any] = field(default_factory=dict)
    _last_id: int | None = None  # the highest numbered block id given out or on the page

    def fresh_block_id(self) -> str:
        """A block id no block of the lines has, nor one given out before."""
        if self._last_id is None:
            self._last_id = last_block_id(self.lines)
        self._last_id += 1
        return str(self._last_id)

    def report(self, problem: Problem, line: int) -> None:
        self.findings.append(problem.at(self.path, line))

    def report_any(self, problem: Problem | None, line: int) -> None:
        if problem is not None:
            self.report(problem, line)

    def source(self, first: int, last: int) -> str:
        """Source lines first..last (1-based, inclusive), as written."""
        return "\n".join(self.lines[first - 1 : last]).strip()


@dataclass(frozen=True)
class StatusRead:
    """A status section as one format reader found it."""

    status: Status | None
    raw: str
    format: str
    line: int
    end: int  # index of the first token after the section
    lines: tuple[tuple[str, int], ...] = ()  # product -> its own line (rows, block items)
