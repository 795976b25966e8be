"""Every documented API must exist in the torch release it is documented for.

The names of every version's entries are looked up in interpreters that have
torch installed, by checker/live/resolve_names.py running in each of them
(the checker's own process never imports torch). Each interpreter is started
once, for all the names: it is sent every version's names that are still
unresolved and resolves the list of its own torch release (X.Y.Z of
torch.__version__), so an interpreter speaks only for the docs of its release.
A version that no interpreter's torch matches is "not resolved", a count.

Outcomes, per name (resolve_names.py says how each is decided), and findings:

- `resolves`, and `needs-torch_npu` (absent from torch alone, added by
  torch_npu): no finding;
- `missing`: `api-missing` (error);
- `needs-optional-dependency`: `api-needs-optional-dependency` (warning),
  naming the package;
- `error` (an import or a getattr raised): `api-error` (error);
- `unverified` (absent from torch alone; torch_npu may add it but does not
  import): `api-unverified` (warning), with torch_npu's import error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from checker.command import CommandResult, run_command
from checker.findings import finding
from checker.model import Entry, Finding, Page
from checker.progress import Progress

SCRIPT = Path(__file__).parent / "live" / "resolve_names.py"
SCHEMA = "docs-check/resolve"
# The script sets this itself before it imports torch, so that its first pass
# sees torch alone and `import torch` works where torch_npu's autoload cannot
# (no CANN); it is passed too so that the recorded command says so.
AUTOLOAD_OFF = {"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
RESOLVING = "resolving API names"
NOT_RESOLVED = "not-resolved"  # the key of `counts` for a version no interpreter matched
_RELEASE = re.compile(r"(\d+\.\d+\.\d+)")


class Outcome(StrEnum):
    RESOLVES = "resolves"
    NEEDS_TORCH_NPU = "needs-torch_npu"
    MISSING = "missing"
    NEEDS_OPTIONAL_DEPENDENCY = "needs-optional-dependency"
    ERROR = "error"
    UNVERIFIED = "unverified"


@dataclass(frozen=True)
class NameResult:
    """One documented name of one version, as the interpreter of that torch
    release found it. path:line is the entry's (the first one, when a version
    documents the name twice)."""

    api: str
    version: str
    path: str
    line: int
    outcome: Outcome
    detail: str  # one line: what is absent, what raised, why unverified; "" when it resolves
    python: str  # the interpreter that looked it up
    package: str | None = None  # the optional dependency it needs


@dataclass(frozen=True)
class ResolveEnvironment:
    """One interpreter and what became of its run."""

    python: str
    torch: str | None  # torch.__version__, None when torch did not import or it never ran
    torch_npu: str | None  # the installed torch_npu version, if any
    torch_npu_imported: bool
    torch_npu_error: str | None  # why torch_npu could not be consulted ("not installed", ...)
    torch_npu_fake: bool  # a test double stood in for torch_npu (tests/fakes)
    command: tuple[str, ...]
    duration_s: float
    resolved: int  # names resolved in this interpreter
    error: str | None = None  # why it resolved nothing: one line
    note: str = ""  # e.g. that no docs version was left for its release

    @property
    def release(self) -> str | None:
        match = _RELEASE.match(self.torch or "")
        return match.group(1) if match else None


@dataclass(frozen=True)
class ResolveReport:
    results: tuple[NameResult, ...]  # by version, then path and line
    environments: tuple[ResolveEnvironment, ...]  # in the order given
    not_resolved: tuple[tuple[str, int], ...]  # (version, names) no interpreter matched

    @property
    def errors(self) -> tuple[str, ...]:
        """One line per interpreter that could not resolve anything."""
        return tuple(f"{env.python}: {env.error}" for env in self.environments if env.error)

    def counts(self) -> dict[str, dict[str, int]]:
        """version → outcome → count, versions in release order, outcomes in
        Outcome order; a version that no interpreter matched counts its names
        under "not-resolved"."""
        counts: dict[str, dict[str, int]] = {}
        for result in self.results:
            by_outcome = counts.setdefault(result.version, {})
            by_outcome[result.outcome.value] = by_outcome.get(result.outcome.value, 0) + 1
        for version, names in self.not_resolved:
            counts[version] = {NOT_RESOLVED: names}
        order = {outcome.value: index for index, outcome in enumerate(Outcome)}
        return {
            version: dict(sorted(counts[version].items(), key=lambda item: order.get(item[0], 99)))
            for version in sorted(counts, key=_version_key)
        }

    def findings(self) -> list[Finding]:
        return sorted(
            found for found in (result_finding(r) for r in self.results) if found is not None
        )


def resolve_apis(
    pages: Sequence[Page],
    pythons: Sequence[str],
    timeout: float = 120,
    progress: Progress | None = None,
) -> ResolveReport:
    """Looks every version's documented names up in the interpreters given,
    one process per interpreter. The first interpreter of a torch release
    speaks for that release's docs; a later one of the same release is not
    asked for any name (its environment says so)."""
    wanted = documented_names(pages)
    remaining = dict(wanted)
    results: list[NameResult] = []
    environments: list[ResolveEnvironment] = []
    interpreters = list(dict.fromkeys(pythons))
    for done, python in enumerate(interpreters):
        if progress:
            progress(RESOLVING, done, len(interpreters))
        environment, found = _resolve_in(python, remaining, timeout)
        environments.append(environment)
        release = environment.release
        if release in remaining and found is not None:
            results += found
            del remaining[release]
    if progress:
        progress(RESOLVING, len(interpreters), len(interpreters))
    results.sort(key=lambda r: (_version_key(r.version), r.path, r.line, r.api))
    not_resolved = tuple(
        (version, len(entries)) for version, entries in sorted(remaining.items(), key=_by_version)
    )
    return ResolveReport(tuple(results), tuple(environments), not_resolved)


def documented_names(pages: Iterable[Page]) -> dict[str, dict[str, Entry]]:
    """version → name → its first entry (by path, then line), every version in
    release order."""
    entries = sorted(
        (entry for page in pages for entry in page.entries if entry.api),
        key=lambda e: (e.path, e.line),
    )
    names: dict[str, dict[str, Entry]] = {}
    for entry in entries:
        names.setdefault(entry.version, {}).setdefault(entry.api, entry)
    return {version: names[version] for version in sorted(names, key=_version_key)}


def result_finding(result: NameResult) -> Finding | None:
    version, api = result.version, result.api
    if result.outcome is Outcome.MISSING:
        rule = "api-missing"
        message = f"{api} is documented for torch {version} but absent from it: {result.detail}"
    elif result.outcome is Outcome.NEEDS_OPTIONAL_DEPENDENCY:
        rule = "api-needs-optional-dependency"
        message = (
            f"{api} cannot be checked against torch {version} without the optional "
            f"package {result.package}, missing from {result.python} ({result.detail})"
        )
    elif result.outcome is Outcome.ERROR:
        rule = "api-error"
        message = f"looking {api} up in torch {version} failed: {result.detail}"
    elif result.outcome is Outcome.UNVERIFIED:
        rule = "api-unverified"
        message = f"{api} is absent from torch {version} alone: {result.detail}"
    else:
        return None
    return finding(rule, result.path, result.line, message, api=api)


def _resolve_in(
    python: str, remaining: dict[str, dict[str, Entry]], timeout: float
) -> tuple[ResolveEnvironment, list[NameResult] | None]:
    request = {version: list(entries) for version, entries in remaining.items()}
    argv = [python, str(SCRIPT)]
    result = run_command(
        argv, timeout=timeout, env=AUTOLOAD_OFF, stdin=json.dumps(request).encode("utf-8")
    )
    command = tuple(f"{key}={value}" for key, value in AUTOLOAD_OFF.items()) + result.argv

    def failed(error: str, report: dict[str, Any] | None = None) -> ResolveEnvironment:
        npu = (report or {}).get("torch_npu") or {}
        return ResolveEnvironment(
            python=python,
            torch=(report or {}).get("torch"),
            torch_npu=npu.get("version"),
            torch_npu_imported=bool(npu.get("imported")),
            torch_npu_error=npu.get("error"),
            torch_npu_fake=bool(npu.get("fake")),
            command=command,
            duration_s=round(result.duration_s, 3),
            resolved=0,
            error=error,
        )

    if result.failure:
        missing = result.failure.startswith(("executable not found", "executable not runnable"))
        why = f"no such interpreter ({result.failure})" if missing else result.failure
        return failed(why), None
    report = _report(result)
    if report is None:
        return failed(f"the resolver crashed (exit {result.exit_code}): {_last_line(result)}"), None
    if report.get("torch_import_error"):
        return failed(f"torch does not import: {report['torch_import_error']}", report), None
    npu = report.get("torch_npu") or {}
    release = _RELEASE.match(str(report.get("torch") or ""))
    entries = remaining.get(release.group(1) if release else "", {})
    found = [_result(item, entries, python) for item in report.get("results", [])]
    note = "" if entries else f"no docs version left for torch {report.get('torch')}"
    environment = ResolveEnvironment(
        python=python,
        torch=report.get("torch"),
        torch_npu=npu.get("version"),
        torch_npu_imported=bool(npu.get("imported")),
        torch_npu_error=npu.get("error"),
        torch_npu_fake=bool(npu.get("fake")),
        command=command,
        duration_s=round(result.duration_s, 3),
        resolved=len(found),
        note=note,
    )
    if len(found) != len(entries) or any(r.api not in entries for r in found):
        return failed("the resolver answered for other names than it was asked", report), None
    return environment, found


def _report(result: CommandResult) -> dict[str, Any] | None:
    """The script's JSON line; None when it crashed or never ran."""
    for line in reversed(result.stdout.splitlines()):
        if line.startswith("{"):
            try:
                report = json.loads(line)
            except json.JSONDecodeError:
                return None
            return report if isinstance(report, dict) and report.get("schema") == SCHEMA else None
    return None


def _result(item: dict[str, Any], entries: dict[str, Entry], python: str) -> NameResult:
    name = str(item.get("name"))
    entry = entries.get(name)
    try:
        outcome = Outcome(str(item.get("outcome")))
    except ValueError:
        outcome = Outcome.ERROR
    return NameResult(
        api=name,
        version=entry.version if entry else "",
        path=entry.path if entry else "",
        line=entry.line if entry else 0,
        outcome=outcome,
        detail=str(item.get("detail") or ""),
        python=python,
        package=item.get("package"),
    )


def _last_line(result: CommandResult) -> str:
    lines = [line for line in result.stderr.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else -1 for part in version.split("."))


def _by_version(item: tuple[str, Any]) -> tuple[int, ...]:
    return _version_key(item[0])
