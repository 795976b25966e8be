"""Evidence: one JSON record per environment run — where it ran (platform,
Python, torch, torch_npu, CANN, NPU) and what each behaviour case did. Written
by `docs-check probe --out`, read by `verify --evidence`, so a run on an NPU
machine can gate a docs change made elsewhere.

Read and checked by checker.verify.evidence_load."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from checker.model.plan import Plan
from checker.model.version import docs_version, release_of

SCHEMA = "docs-check/evidence"
# 2: the version a run was made for, each run's ref and summary; 3: each run's
# framework, and each case's whole failure text; 4: `verify --backed`'s
# backing-test runs, each case's APIs, and the plan a record ran a shard of
SCHEMA_VERSION = 4
VERDICTS = ("passed", "failed", "error")
# a backing test: a module of the repository's suite run for the claims its
# cases back (verify --backed), each case naming the APIs it backs
SOURCES = ("behaviour", "repo-test", "backing-test")
NO_VERSION = "no version"  # a record's `version` when it was run for none
DEVICES = ("npu", "cpu-reference")


@dataclass(frozen=True)
class Case:
    """One test case of a run: its name, whether it passed, and why not."""

    name: str
    passed: bool
    detail: str = ""  # one line: the exception and the test file's line
    traceback: str = ""  # a failure's whole text, as its framework prints it; never cut
    apis: tuple[str, ...] = ()  # a backing test's: the APIs it backs (verify --backed)


@dataclass(frozen=True)
class Run:
    """One behaviour or repository test run for an API in an environment."""

    api: str
    behaviour: str
    source: str  # "behaviour" (shipped test) or "repo-test" (the docs repo's own test)
    command: tuple[str, ...]
    cases: tuple[Case, ...]
    duration_s: float
    exit_code: int | None
    verdict: str  # "passed", "failed" or "error"
    note: str = ""
    ref: str | None = None  # the git ref its test was read from; None: the working tree
    summary: str = ""  # the test's own last words: `Ran 7 tests in 0.054s, OK`
    # "unittest" or "pytest" for a repository test, whose `exit_code` is then
    # that framework's own exit status; "" for a behaviour (the harness's code)
    framework: str = ""


def releases_pair(torch: str | None, torch_npu: str | None) -> bool:
    """Whether a torch_npu can run on a torch: a torch_npu release is built for
    the torch of its major.minor (2.7.1.post11 for 2.7.1, 2.13.0 for
    2.13.0+cpu); under another it is not the adapter that was tested."""
    torch_release, npu_release = release_of(torch), release_of(torch_npu)
    if torch_release is None or npu_release is None:
        return False
    return docs_version(torch_release) == docs_version(npu_release)


@dataclass(frozen=True)
class Environment:
    """The interpreter, torch, torch_npu, CANN and NPU a record was observed on."""

    platform: str
    python: str
    torch: str | None
    torch_npu: str | None
    cann: str | None
    npu_name: str | None
    visible_npus: int
    product: str | None  # catalogue id of npu_name's SoC
    device: str  # "npu", or "cpu-reference" where no NPU took part
    fake_npu: bool  # a test double stood in for torch_npu: never NPU verification
    note: str  # "CPU reference run; NPU not available: <cause>" and the like
    fake_torch: bool = False  # a test double reported another torch release than installed

    @property
    def release(self) -> str | None:
        """The torch release, which is the docs version this run speaks for:
        2.13.0 for 2.13.0+cpu, 2.13.0a0+git1234 or 2.13.0rc1."""
        return release_of(self.torch)

    @property
    def releases_pair(self) -> bool:
        return releases_pair(self.torch, self.torch_npu)

    @property
    def verifies_npu(self) -> bool:
        """A real NPU that it names and sees, of a product the catalogue knows,
        under a real torch and torch_npu that go together: a test double of
        either (fake_npu, fake_torch) never verifies."""
        on_npu = self.device == "npu" and bool(self.npu_name) and self.visible_npus > 0
        real = not (self.fake_npu or self.fake_torch) and self.releases_pair
        return on_npu and real and self.product is not None

    @property
    def of_no_product(self) -> bool:
        """An NPU run on a SoC that is of no catalogue product (its name starts
        no product's prefix): it verifies nothing, and the reports say so."""
        return self.device == "npu" and bool(self.npu_name) and self.product is None


@dataclass(frozen=True)
class Evidence:
    """An evidence record: an environment, its runs and where the record came from."""

    environment: Environment
    runs: tuple[Run, ...]
    origin: str  # "live" or the file it was read from
    # the docs versions it was run for: --python-for's one, or those no other
    # interpreter was given (the main one's, when its own release is another's);
    # () none at all; None: its own release
    version: tuple[str, ...] | None = None
    plan: Plan | None = None  # verify --backed: the whole plan, and the shard this record ran

    @property
    def speaks_for(self) -> str | None:
        """The docs version these runs count for: the one they were run for,
        and only when the environment's torch is that release."""
        release = self.environment.release
        return release if self.version in (None, (release,)) else None

    @property
    def run_for(self) -> str:
        """The versions it was run for as reports and the file write them
        ("2.11.0, 2.12.0", "no version"); "" for its own release."""
        if self.version is None:
            return ""
        return ", ".join(self.version) or NO_VERSION

    @property
    def docs_versions(self) -> list[str]:
        return [self.speaks_for] if self.speaks_for else []

    def to_object(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "schema_version": SCHEMA_VERSION,
            "origin": self.origin,
            "version": self.run_for or None,  # comma-separated, as schema 2 wrote it
            "docs_versions": self.docs_versions,
            "environment": asdict(self.environment),
            "runs": [asdict(run) for run in self.runs],
            "plan": self.plan.to_object() if self.plan else None,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_object(), ensure_ascii=False, indent=2)


def versions_of(written: Any) -> tuple[str, ...] | None:
    """The versions a record was run for, from its `version`: null (its own
    release), "2.12.0", "2.11.0, 2.12.0" or "no version"."""
    if written is None:
        return None
    if not isinstance(written, str):
        raise ValueError(f"version is not a string: {written!r}")
    if written == NO_VERSION:
        return ()
    return tuple(version.strip() for version in written.split(","))


def derived_verdict(cases: Sequence[Case], exit_code: int | None) -> str:
    """The verdict of a run that ran (one that could not is an `error`, whose
    cause is its note): passed when it has cases, all passed, and the harness
    exited 0; an exit code that says the harness failed is never a pass."""
    return "passed" if cases and exit_code == 0 and all(c.passed for c in cases) else "failed"
