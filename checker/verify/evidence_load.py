"""An evidence record read (checker.model.evidence: what it holds).

A record comes from another machine and gates a release, so it is checked
whole when read, never taken at its word: its fields, their types and words,
and what it implies (a run's verdict from its cases and exit code, the
product from the SoC name) against what it says. One that contradicts itself
is refused, naming the field."""

from __future__ import annotations

import math
from dataclasses import fields
from types import UnionType
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from checker.errors import InputError
from checker.i18n import N_
from checker.jsonfile import load_versioned
from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.evidence import (
    DEVICES,
    SCHEMA,
    SCHEMA_VERSION,
    SOURCES,
    VERDICTS,
    Case,
    Environment,
    Evidence,
    Run,
    derived_verdict,
    versions_of,
)
from checker.model.plan import plan_of

_T = TypeVar("_T")

# What schema 2 and 3 added, which older files are read without (the defaults).
_ADDED_IN_2 = frozenset({"ref", "summary", "fake_torch", "version"})
_ADDED_IN_3 = frozenset({"framework", "traceback"})
_ADDED_IN_4 = frozenset({"apis", "plan"})
FRAMEWORKS = ("", "unittest", "pytest")
_TOP = frozenset(
    {"schema", "schema_version", "origin", "version", "docs_versions", "environment", "runs"}
    | {"plan"}
)
# What a run on an NPU cannot be without: torch and torch_npu imported, the SoC named.
_NPU_NEEDS = ("torch", "torch_npu", "npu_name")


def load_evidence(path: str, catalogue: Catalogue | None = None) -> Evidence:
    """The record at `path`, checked whole in one pass over it. `catalogue`:
    the one that derives the product of the SoC (verify's, with the
    configuration's products); the shipped one when not given."""
    document = load_versioned(
        path, SCHEMA, SCHEMA_VERSION, N_("evidence"), N_("broken evidence record")
    )
    return evidence_from(document, path, catalogue)


def evidence_from(
    document: dict[str, Any], path: str, catalogue: Catalogue | None = None
) -> Evidence:
    """A record already parsed, whose schema and version were checked (a
    verify report carries the records it ran on); `path` names it, in errors
    and as the record's origin."""
    found = document["schema_version"]
    optional = (
        (_ADDED_IN_2 if found == 1 else frozenset())
        | (_ADDED_IN_3 if found < 3 else frozenset())
        | (_ADDED_IN_4 if found < 4 else frozenset())
    )
    try:
        unknown = set(document) - _TOP
        if unknown:
            raise ValueError(f"unknown top-level keys {sorted(unknown)}")
        environment = _environment(document["environment"], optional, catalogue)
        if not isinstance(document["runs"], list):
            raise ValueError("runs is not a list")
        runs = tuple(_run(run, optional, f"runs[{i}]") for i, run in enumerate(document["runs"]))
        if "version" not in document and "version" not in optional:
            raise KeyError("version")
        version = versions_of(document.get("version"))
        if "plan" not in document and "plan" not in optional:
            raise KeyError("plan")
        plan = plan_of(document["plan"]) if document.get("plan") is not None else None
        if plan is None and any(run.source == "backing-test" for run in runs):
            raise ValueError("backing-test runs without the plan they ran")
        evidence = Evidence(environment, runs, path, version, plan)
        said = document.get("docs_versions")  # written for readers: it must not mislead them
        if said is not None and said != evidence.docs_versions:
            raise ValueError(
                f"docs_versions says {said}, but the record speaks for {evidence.docs_versions}"
            )
    except (KeyError, TypeError, ValueError) as error:
        # the broken field's detail stays English: it names the record's JSON fields
        raise InputError.saying(
            N_("{path}: broken evidence record: {error}"), path=path, error=str(error)
        ) from None
    return evidence


def _environment(data: Any, optional: frozenset[str], catalogue: Catalogue | None) -> Environment:
    """The environment, when what it says of its NPU holds together: a run on
    an NPU names the NPU and sees it, and the product is its SoC's."""
    env = _build(Environment, data, optional)
    if env.device not in DEVICES:
        raise ValueError(f"environment.device is {env.device!r}, not npu or cpu-reference")
    if env.visible_npus < 0:
        raise ValueError(f"environment.visible_npus is {env.visible_npus}, not a count")
    if env.device == "npu":
        missing = next((name for name in _NPU_NEEDS if not getattr(env, name)), None)
        if missing:
            raise ValueError(f"environment.device says npu, but there is no {missing}")
        if env.visible_npus == 0:
            raise ValueError("environment.device says npu, but visible_npus is 0")
        for double in ("fake_npu", "fake_torch"):  # never an NPU run (checker.torch.runner)
            if getattr(env, double):
                raise ValueError(f"environment.device says npu, but {double} is true")
        if not env.releases_pair:
            raise ValueError(
                f"environment.torch_npu is {env.torch_npu}, which does not go with torch "
                f"{env.torch} (an NPU run's torch_npu release pairs with its torch by "
                "major.minor)"
            )
    soc = env.npu_name
    product = (catalogue or default_catalogue()).by_soc(soc) if soc else None
    if env.product != product:
        said = env.product or "null"
        found = f"npu_name {soc} is {product or 'no product of the catalogue'}" if soc else ""
        raise ValueError(f"environment.product says {said}, but {found or 'there is no npu_name'}")
    return env


def _run(data: Any, optional: frozenset[str], where: str) -> Run:
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise ValueError("a run without a list of cases")
    cases = tuple(_build(Case, _listed(case, "apis"), optional) for case in data["cases"])
    command = data.get("command")
    if not isinstance(command, list) or not all(isinstance(arg, str) for arg in command):
        raise ValueError(f"Run.command is not a list of strings: {command!r}")
    run = _build(Run, {**data, "cases": cases, "command": tuple(command)}, optional)
    if run.source not in SOURCES:
        raise ValueError(f"{where}.source is {run.source!r}, not behaviour or repo-test")
    # a repository test's framework, when known (a crashed harness named none)
    if run.framework not in FRAMEWORKS or (run.framework and run.source == "behaviour"):
        raise ValueError(
            f"{where}.framework is {run.framework!r}, not unittest or pytest of a repo-test run"
        )
    if not (math.isfinite(run.duration_s) and run.duration_s >= 0):
        raise ValueError(f"{where}.duration_s is {run.duration_s!r}, not a duration")
    if run.verdict not in VERDICTS:
        raise ValueError(f"{where}.verdict is {run.verdict!r}, not passed, failed or error")
    # An error (it could not run) is kept with its note: nothing here derives its cause.
    if run.verdict != "error" and run.verdict != derived_verdict(run.cases, run.exit_code):
        raise ValueError(f"{where}.verdict says {run.verdict}, but {_disagreement(run)}")
    return run


def _listed(data: Any, name: str) -> Any:
    """A JSON list of strings as the tuple its dataclass field holds."""
    if isinstance(data, dict) and isinstance(data.get(name), list):
        if not all(isinstance(item, str) for item in data[name]):
            raise ValueError(f"{name} is not a list of strings: {data[name]!r}")
        return {**data, name: tuple(data[name])}
    return data


def _disagreement(run: Run) -> str:
    """Why the cases and exit code do not give the verdict the run says."""
    total = f"{len(run.cases)} case{'s' if len(run.cases) != 1 else ''}"
    if run.verdict == "failed":
        return f"{'all' if len(run.cases) > 1 else 'the'} {total} passed and the harness exited 0"
    failed = sum(not case.passed for case in run.cases)
    reasons = ["it has no cases"] if not run.cases else []
    reasons += [f"{failed} of {total} failed"] if failed else []
    if run.exit_code is None:
        reasons.append("the harness has no exit code")
    elif run.exit_code != 0:
        reasons.append(f"the harness exited {run.exit_code}")
    return " and ".join(reasons)


def _build(cls: type[_T], data: Any, optional: frozenset[str] = frozenset()) -> _T:
    """The dataclass from a JSON object, refusing missing, unknown or mistyped
    fields; those in `optional` may be missing (a schema 1 file lacks them)."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__} is not an object")
    names, accepts = _schema(cls)
    if data.keys() != names:  # every field, nothing else: the common case, seen at a glance
        missing, unknown = names - data.keys() - optional, data.keys() - names
        if missing or unknown:
            raise ValueError(
                f"{cls.__name__}: missing {sorted(missing)}, unknown {sorted(unknown)}"
            )
    for name, value in data.items():
        types, bool_too = accepts[name]
        if not isinstance(value, types) or (isinstance(value, bool) and not bool_too):
            raise ValueError(f"{cls.__name__}.{name} has the wrong type: {value!r}")
    return cls(**data)


# A field's type as a check: the types isinstance accepts, and whether a bool
# does too (JSON's true is no number here, though Python's bool is an int).
_Accepts = tuple[tuple[type, ...], bool]
_SCHEMAS: dict[type, tuple[frozenset[str], dict[str, _Accepts]]] = {}


def _schema(cls: type) -> tuple[frozenset[str], dict[str, _Accepts]]:
    """A dataclass's field names and their checks, worked out once:
    get_type_hints evaluates the annotations' text, far too slow to repeat for
    each of a large record's many cases."""
    if cls not in _SCHEMAS:
        hints = get_type_hints(cls)
        names = frozenset(f.name for f in fields(cls))
        _SCHEMAS[cls] = names, {name: _accepts(hints[name]) for name in names}
    return _SCHEMAS[cls]


def _accepts(hint: Any) -> _Accepts:
    if get_origin(hint) is UnionType:
        options = [_accepts(option) for option in get_args(hint)]
        return tuple(t for types, _ in options for t in types), all(b for _, b in options)
    if get_origin(hint) is tuple:  # built from a JSON list, checked by the caller
        return (tuple,), True
    if hint is float:
        return (int, float), False
    return (hint,), hint is not int
