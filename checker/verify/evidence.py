"""Evidence: one JSON record per environment run — where it ran (platform,
Python, torch, torch_npu, CANN, NPU) and what each behaviour case did. Written
by `docs-check probe --out`, read by `verify --evidence`, so a run on an NPU
machine can gate a docs change made elsewhere."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from types import UnionType
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from checker.errors import InputError
from checker.files import load_versioned
from checker.model.version import release_of

SCHEMA = "docs-check/evidence"
SCHEMA_VERSION = 2  # 2: the version a run was made for, each run's ref and summary
_T = TypeVar("_T")


@dataclass(frozen=True)
class Case:
    name: str
    passed: bool
    detail: str = ""


@dataclass(frozen=True)
class Run:
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


@dataclass(frozen=True)
class Environment:
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
    def verifies_npu(self) -> bool:
        return self.device == "npu" and not self.fake_npu and self.product is not None


@dataclass(frozen=True)
class Evidence:
    environment: Environment
    runs: tuple[Run, ...]
    origin: str  # "live" or the file it was read from
    version: str | None = None  # the docs version it was run for (--python-for); None: its own

    @property
    def speaks_for(self) -> str | None:
        """The docs version these runs count for: the one they were run for,
        and only when the environment's torch is that release."""
        release = self.environment.release
        return release if self.version in (None, release) else None

    def to_object(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "schema_version": SCHEMA_VERSION,
            "origin": self.origin,
            "version": self.version,
            "docs_versions": [self.speaks_for] if self.speaks_for else [],
            "environment": asdict(self.environment),
            "runs": [asdict(run) for run in self.runs],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_object(), ensure_ascii=False, indent=2)


# What schema 2 added, which a schema 1 file is read without (the defaults).
_ADDED_IN_2 = frozenset({"ref", "summary", "fake_torch", "version"})


def load_evidence(path: str) -> Evidence:
    document = load_versioned(path, SCHEMA, SCHEMA_VERSION, "evidence", "broken evidence record")
    optional = _ADDED_IN_2 if document["schema_version"] == 1 else frozenset()
    try:
        environment = _build(Environment, document["environment"], optional)
        if not isinstance(document["runs"], list):
            raise ValueError("runs is not a list")
        runs = tuple(_run(run, optional) for run in document["runs"])
        if "version" not in document and "version" not in optional:
            raise KeyError("version")
        version = document.get("version")
        if not isinstance(version, str | None):
            raise ValueError(f"version is not a string: {version!r}")
    except (KeyError, TypeError, ValueError) as error:
        raise InputError(f"{path}: broken evidence record: {error}") from None
    return Evidence(environment, runs, path, version)


def _run(data: Any, optional: frozenset[str]) -> Run:
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise ValueError("a run without a list of cases")
    cases = tuple(_build(Case, case) for case in data["cases"])
    command = data.get("command")
    if not isinstance(command, list) or not all(isinstance(arg, str) for arg in command):
        raise ValueError(f"Run.command is not a list of strings: {command!r}")
    return _build(Run, {**data, "cases": cases, "command": tuple(command)}, optional)


def _build(cls: type[_T], data: Any, optional: frozenset[str] = frozenset()) -> _T:
    """The dataclass from a JSON object, refusing missing, unknown or mistyped
    fields; those in `optional` may be missing (a schema 1 file lacks them)."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__} is not an object")
    hints = get_type_hints(cls)
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    missing, unknown = names - set(data) - optional, set(data) - names
    if missing or unknown:
        raise ValueError(f"{cls.__name__}: missing {sorted(missing)}, unknown {sorted(unknown)}")
    for name in set(data) & names:
        if not _conforms(data[name], hints[name]):
            raise ValueError(f"{cls.__name__}.{name} has the wrong type: {data[name]!r}")
    return cls(**data)


def _conforms(value: Any, hint: Any) -> bool:
    if get_origin(hint) is UnionType:
        return any(_conforms(value, option) for option in get_args(hint))
    if get_origin(hint) is tuple:
        return isinstance(value, tuple)
    if hint is type(None):
        return value is None
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)
