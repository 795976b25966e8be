"""Every documented API must exist in the torch release it is documented for.

The names of every version's entries are looked up in interpreters that have
torch installed, by checker/torch/resolve_names.py running in each of them
(the checker's own process never imports torch). Each interpreter is started
once, for all the names: it is sent every version's names that are still
unresolved and resolves the list of its own torch release (X.Y.Z of
torch.__version__), so an interpreter speaks only for the docs of its release.
A version that no interpreter's torch matches is "not resolved", a count.

What the commands' `--resolve-apis` asks of this module, and what became of
it, is checker.torch.resolution.

Outcomes, per name (resolve_names.py says how each is decided), and findings:

- `resolves`, and `needs-torch_npu` (absent from torch alone, added by
  torch_npu): no finding;
- `missing`: `api-missing` (error);
- `needs-optional-dependency`: `api-needs-optional-dependency` (warning),
  naming the package;
- `error` (an import or a getattr raised): `api-error` (error);
- `unverified` (absent from torch alone; torch_npu may add it but does not
  import): `api-unverified` (warning), with torch_npu's import error;
- `outside-torch` (the name's first part is neither torch nor torch_npu, so
  it is not looked up and nothing is imported for it): `api-outside-torch`
  (error).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from checker.checks.registry import REGISTRY, finding
from checker.i18n import N_, message
from checker.model.finding import Finding
from checker.model.support import Entry, Page
from checker.model.version import release_of, version_key
from checker.process import CommandResult, Started, last_json_object, start_command
from checker.progress import Progress
from checker.torch.env import AUTOLOAD_OFF

SCRIPT = Path(__file__).with_name("resolve_names.py")
SCHEMA = "docs-check/resolve"
RESOLVING = "resolving API names"
NOT_RESOLVED = "not-resolved"  # the key of `counts` for a version no interpreter matched


class Lookup(StrEnum):
    RESOLVES = "resolves"
    NEEDS_TORCH_NPU = "needs-torch_npu"
    MISSING = "missing"
    NEEDS_OPTIONAL_DEPENDENCY = "needs-optional-dependency"
    ERROR = "error"
    UNVERIFIED = "unverified"
    OUTSIDE_TORCH = "outside-torch"


@dataclass(frozen=True)
class NameResult:
    """One documented name of one version, as the interpreter of that torch
    release found it. path:line is the entry's (the first one, when a version
    documents the name twice; one result per docs tree, when git refs are read)."""

    api: str
    version: str
    path: str
    line: int
    outcome: Lookup
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
        return release_of(self.torch)


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
        Lookup order; a version that no interpreter matched counts its names
        under "not-resolved"."""
        counts: dict[str, dict[str, int]] = {}
        for result in self.results:
            by_outcome = counts.setdefault(result.version, {})
            by_outcome[result.outcome.value] = by_outcome.get(result.outcome.value, 0) + 1
        for version, names in self.not_resolved:
            counts[version] = {NOT_RESOLVED: names}
        order = {outcome.value: index for index, outcome in enumerate(Lookup)}
        return {
            version: dict(sorted(counts[version].items(), key=lambda item: order.get(item[0], 99)))
            for version in sorted(counts, key=version_key)
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
    assigned: Mapping[str, Collection[str]] | None = None,
    started: Mapping[str, Started] | None = None,
) -> ResolveReport:
    """Looks every version's documented names up in the interpreters given,
    one process per interpreter. The first interpreter of a torch release
    speaks for that release's docs; a later one of the same release is not
    asked for any name (its environment says so). An interpreter named in
    `assigned` is asked only for the versions listed there, and is not run at
    all when none of them is left. An interpreter in `started` is already
    running (resolvers_started): it is sent its names, not started again."""
    wanted = documented_names(pages)
    places = _places(pages)
    remaining = dict(wanted)
    served: dict[str, str] = {}  # release → the interpreter that resolved it
    results: list[NameResult] = []
    environments: list[ResolveEnvironment] = []
    interpreters = list(dict.fromkeys(pythons))
    for done, python in enumerate(interpreters):
        if progress:
            progress(RESOLVING, done, len(interpreters))
        limit = assigned.get(python) if assigned is not None else None
        asked = remaining if limit is None else {v: e for v, e in remaining.items() if v in limit}
        if limit is not None and not asked:
            continue
        ahead = started.get(python) if started is not None else None
        environment, found = _resolve_in(python, asked, timeout, ahead)
        release = environment.release
        if release in asked and found is not None:
            # a name is looked up once, and reported in every docs tree (git ref) with it
            results += [
                dataclasses.replace(result, path=entry.path, line=entry.line)
                for result in found
                for entry in places[release][result.api]
            ]
            del remaining[release]
            served[release] = python
        elif environment.error is None:
            note = _idle_note(environment, asked, served, limit is not None)
            environment = dataclasses.replace(environment, note=note)
        environments.append(environment)
    if progress:
        progress(RESOLVING, len(interpreters), len(interpreters))
    results.sort(key=lambda r: (version_key(r.version), r.path, r.line, r.api))
    not_resolved = tuple(
        (version, sum(len(places[version][name]) for name in entries))
        for version, entries in sorted(remaining.items(), key=_by_version)
    )
    return ResolveReport(tuple(results), tuple(environments), not_resolved)


def _idle_note(
    environment: ResolveEnvironment,
    asked: Mapping[str, object],
    served: Mapping[str, str],
    restricted: bool,
) -> str:
    """Why an interpreter whose torch imported resolved nothing."""
    torch, release = environment.torch, environment.release
    if release is not None and release in served:
        return f"no docs version left for torch {torch} (resolved with {served[release]})"
    if restricted:
        return f"asked for {', '.join(asked)}, but its torch is {torch}"
    return f"no docs of {release or torch} were read"


def documented_names(pages: Iterable[Page]) -> dict[str, dict[str, Entry]]:
    """version → name → its first entry (by path, then line), every version in
    release order."""
    entries = sorted(
        (entry for page in pages for entry in page.placed_entries() if entry.api),
        key=lambda e: (e.path, e.line),
    )
    names: dict[str, dict[str, Entry]] = {}
    for entry in entries:
        names.setdefault(entry.version, {}).setdefault(entry.api, entry)
    return {version: names[version] for version in sorted(names, key=version_key)}


def _places(pages: Iterable[Page]) -> dict[str, dict[str, list[Entry]]]:
    """version → name → its first entry in each docs tree that documents it
    (each git ref read is a tree of its own, and so is the working tree)."""
    entries = sorted(
        ((page.tree, entry) for page in pages for entry in page.placed_entries() if entry.api),
        key=lambda item: (item[1].path, item[1].line),
    )
    firsts: dict[tuple[str, str, str], Entry] = {}
    for tree, entry in entries:
        firsts.setdefault((entry.version, entry.api, tree), entry)
    places: dict[str, dict[str, list[Entry]]] = {}
    for (version, api, _), entry in firsts.items():
        places.setdefault(version, {}).setdefault(api, []).append(entry)
    return places


# the registry id of each outcome that is reported (`api-missing`, ...); the
# two that resolve (`resolves`, `needs-torch_npu`) have none
RULE_OF = {o: f"api-{o.value}" for o in Lookup if f"api-{o.value}" in REGISTRY}


def result_finding(result: NameResult) -> Finding | None:
    version, api = result.version, result.api
    rule = RULE_OF.get(result.outcome)
    if result.outcome is Lookup.MISSING:
        template = N_("{api} is documented for torch {version} but absent from it: {detail}")
    elif result.outcome is Lookup.NEEDS_OPTIONAL_DEPENDENCY:
        template = N_(
            "{api} cannot be checked against torch {version} without the optional "
            "package {package}, missing from {python} ({detail})"
        )
    elif result.outcome is Lookup.ERROR:
        template = N_("looking {api} up in torch {version} failed: {detail}")
    elif result.outcome is Lookup.OUTSIDE_TORCH:
        template = N_(
            "{api} is documented for torch {version} but is not a torch or torch_npu name, "
            "so it was not looked up"
        )
    else:
        template = N_("{api} is absent from torch {version} alone: {detail}")
    if rule is None:
        return None
    said = message(
        template,
        api=api,
        version=version,
        detail=result.detail,
        package=result.package,
        python=result.python,
    )
    # the version the name was looked up for is its page's, and the line is the
    # entry's heading: no page is needed to place it
    return dataclasses.replace(
        finding(rule, result.path, result.line, said, api=api),
        version=version,
        entry_line=result.line,
    )


def start_resolver(python: str) -> Started:
    """The resolver script in `python`; it imports torch, then waits for its names."""
    return start_command([python, str(SCRIPT)], env=AUTOLOAD_OFF, takes_input=True)


def _resolve_in(
    python: str,
    remaining: dict[str, dict[str, Entry]],
    timeout: float,
    started: Started | None = None,
) -> tuple[ResolveEnvironment, list[NameResult] | None]:
    request = {version: list(entries) for version, entries in remaining.items()}
    process = started or start_resolver(python)
    result = process.finish(json.dumps(request).encode("utf-8"), timeout=timeout)
    command = tuple(f"{key}={value}" for key, value in AUTOLOAD_OFF.items()) + result.argv

    def environment(
        report: dict[str, Any] | None, resolved: int = 0, error: str | None = None
    ) -> ResolveEnvironment:
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
            resolved=resolved,
            error=error,
        )

    def failed(error: str, report: dict[str, Any] | None = None) -> ResolveEnvironment:
        return environment(report, error=error)

    if result.failure:
        return failed(not_run(result.failure)), None
    report = _report(result)
    if report is None:
        return failed(f"the resolver crashed (exit {result.exit_code}): {last_line(result)}"), None
    if report.get("torch_import_error"):
        return failed(f"torch does not import: {report['torch_import_error']}", report), None
    entries = remaining.get(release_of(str(report.get("torch") or "")) or "", {})
    found = [_result(item, entries, python) for item in report.get("results", [])]
    if len(found) != len(entries) or any(r.api not in entries for r in found):
        return failed("the resolver answered for other names than it was asked", report), None
    return environment(report, len(found)), found


def not_run(failure: str) -> str:
    """Why an interpreter did not run to an exit, in one line."""
    missing = failure.startswith(("executable not found", "executable not runnable"))
    return f"no such interpreter ({failure})" if missing else failure


def _report(result: CommandResult) -> dict[str, Any] | None:
    """The script's JSON line; None when it crashed or never ran."""
    return last_json_object(result.stdout, lambda report: report.get("schema") == SCHEMA)


def _result(item: dict[str, Any], entries: dict[str, Entry], python: str) -> NameResult:
    name = str(item.get("name"))
    entry = entries.get(name)
    try:
        outcome = Lookup(str(item.get("outcome")))
    except ValueError:
        outcome = Lookup.ERROR
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


def last_line(result: CommandResult) -> str:
    lines = [line for line in result.stderr.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


def _by_version(item: tuple[str, Any]) -> tuple[int, ...]:
    return version_key(item[0])
