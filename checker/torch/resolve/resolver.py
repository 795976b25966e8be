"""Every documented API must exist in the torch release it is documented for.

The names of every version's entries are looked up in interpreters that have
torch installed, by checker/torch/scripts/resolve_names.py running in each of them
(the checker's own process never imports torch). Each interpreter is started
once, for all the names: it is sent every version's names that are still
unresolved and resolves the list of its own torch release (X.Y.Z of
torch.__version__), so an interpreter speaks only for the docs of its release.
A version that no interpreter's torch matches is "not resolved", a count.

What the commands' `--resolve-apis` asks of this module, and what became of
it, is checker.torch.resolve.resolution.

A name's outcomes, and the findings they make: checker.torch.resolve.resolved.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from checker.i18n import N_, message
from checker.model.support import Entry, Page
from checker.model.version import release_of, version_key
from checker.process import CommandResult, Started, last_json_object, start_command
from checker.progress import Progress
from checker.torch.env import AUTOLOAD_OFF
from checker.torch.resolve.resolved import Lookup, NameResult, ResolveEnvironment, ResolveReport

SCRIPT = Path(__file__).parents[1] / "scripts" / "resolve_names.py"
SCHEMA = "docs-check/resolve"
RESOLVING = N_("resolving API names")


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
    running (Ahead.start): it is sent its names, not started again."""
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
        return message(
            N_("no docs version left for torch {torch} (resolved with {python})"),
            torch=torch,
            python=served[release],
        )
    if restricted:
        return message(
            N_("asked for {versions}, but its torch is {torch}"),
            versions=", ".join(asked),
            torch=torch,
        )
    return message(N_("no docs of {version} were read"), version=release or torch)


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
        crashed = message(
            N_("the resolver crashed (exit {code}): {words}"),
            code=result.exit_code,
            words=result.last_words,
        )
        return failed(crashed), None
    if report.get("torch_import_error"):
        why = message(N_("torch does not import: {why}"), why=report["torch_import_error"])
        return failed(why, report), None
    entries = remaining.get(release_of(str(report.get("torch") or "")) or "", {})
    found = [_result(item, entries, python) for item in report.get("results", [])]
    if len(found) != len(entries) or any(r.api not in entries for r in found):
        other = message(N_("the resolver answered for other names than it was asked"))
        return failed(other, report), None
    return environment(report, len(found)), found


def not_run(failure: str) -> str:
    """Why an interpreter did not run to an exit, in one line."""
    missing = failure.startswith(("executable not found", "executable not runnable"))
    return message(N_("no such interpreter ({why})"), why=failure) if missing else failure


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


def _by_version(item: tuple[str, Any]) -> tuple[int, ...]:
    return version_key(item[0])
