"""lint's result (baseline's too, a lint run written down), what its flow
hands the reports inside its `Outcome`: checker.results' kind, in a module of
its own, so that a lint run, the pre-commit hook's and an editor's, makes
none of the other commands' result types (nine dataclasses, 5 ms of its
start). With it `TestLink`, what `lint --tests` and `export --tests` link an
API to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from checker.gate.baseline import Project
    from checker.gate.gate import Gated
    from checker.model.finding import Finding
    from checker.rewrite.written import PageRewrite
    from checker.sources.corpus import Corpus
    from checker.torch.resolve.resolution import Resolution


@dataclass(frozen=True)
class Linted:
    """Pages read and linted under the configuration, findings gated."""

    corpus: Corpus
    gated: Gated
    project: Project
    resolution: Resolution | None = None
    fixes: tuple[PageRewrite, ...] = ()  # the pages fixed, unwritten (lint with `fixes`)
    mapping_errors: tuple[str, ...] = ()  # the test map's (--tests): a module, a list
    # with --tests: (version, API) -> the test cases that reach it (Mapped.tested)
    tested: Mapping[tuple[str, str], tuple[TestLink, ...]] | None = None

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.gated.findings

    @property
    def refs(self) -> tuple[str, ...]:
        return self.project.refs


@dataclass(frozen=True)
class TestLink:
    """A test case that reaches a record's API at its version."""

    test: str  # path::Class::name, as the runner names it
    kind: str  # call, method, opinfo, rule
    line: int  # where in the test module it was found (0 for a rule's)
    exact: bool  # False: a method matched by its name only
    disabled_for: tuple[str, ...]  # the products the version's disabled list disables it on
    device: str  # npu, or cpu: a test that runs the API on no NPU backs no claim
