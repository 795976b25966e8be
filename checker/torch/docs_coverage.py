"""What of each torch release's public API its docs version leaves out: the
public callables of every namespace the docs cover (checker/torch/scripts/public_api.py
lists them, in the target interpreter), minus the documented names and the
configuration's exclusions. One process per interpreter, through
checker/process.py; an interpreter speaks only for the docs version of its own
torch release, as in checker.torch.resolve.resolver."""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.config.coverage_keys import Exclusion
from checker.model.version import release_of
from checker.process import last_json_object, run_command
from checker.torch.env import AUTOLOAD_OFF
from checker.torch.resolve.resolver import not_run
from checker.torch.scripts.script_common import OWN_PACKAGES  # the packages the lister looks in

SCRIPT = Path(__file__).with_name("scripts") / "public_api.py"
SCHEMA = "docs-check/public-api"


@dataclass(frozen=True)
class Namespace:
    """A namespace's public callables, and how many the docs cover."""

    name: str
    source: str  # "__all__", or "dir" (its public names)
    public: int  # public callables
    documented: int  # of those, documented for the version
    excluded: tuple[tuple[str, str], ...]  # (full name, reason), undocumented and excluded
    missing: tuple[str, ...]  # full names: neither documented nor excluded


@dataclass(frozen=True)
class Covered:
    """One docs version against one interpreter's torch."""

    version: str
    python: str
    torch: str
    namespaces: tuple[Namespace, ...]
    errors: tuple[tuple[str, str], ...] = ()  # (namespace, why it could not be listed)


@dataclass(frozen=True)
class Interpreter:
    """What one interpreter answered: its torch, and each namespace asked for."""

    python: str
    torch: str | None
    namespaces: Mapping[str, Mapping[str, Any]]
    error: str | None = None  # why it answered nothing


def namespaces_of(names: Sequence[str]) -> list[str]:
    """The namespaces documented names are in: each name's parent, in torch."""
    parents = {name.rsplit(".", 1)[0] for name in names if "." in name}
    return sorted(p for p in parents if p.split(".")[0] in OWN_PACKAGES)


def ask(python: str, namespaces: Sequence[str], timeout: float) -> Interpreter:
    request = json.dumps(list(namespaces)).encode("utf-8")
    result = run_command([python, str(SCRIPT)], timeout=timeout, env=AUTOLOAD_OFF, stdin=request)
    if result.failure:
        return Interpreter(python, None, {}, not_run(result.failure))
    report = last_json_object(result.stdout, lambda document: document.get("schema") == SCHEMA)
    if report is None:
        why = f"the lister crashed (exit {result.exit_code}): {result.last_words}"
        return Interpreter(python, None, {}, why)
    if report.get("torch_import_error"):
        return Interpreter(
            python, None, {}, f"torch does not import: {report['torch_import_error']}"
        )
    return Interpreter(python, str(report.get("torch")), report.get("namespaces") or {})


def covered(
    version: str,
    documented: Sequence[str],
    answer: Interpreter,
    exclusions: Sequence[Exclusion] = (),
) -> Covered:
    """`answer` for the version's namespaces; a namespace that is no module (a
    class) is left out, one that failed to import is an error line."""
    names = set(documented)
    found: list[Namespace] = []
    errors: list[tuple[str, str]] = []
    for namespace in namespaces_of(documented):
        listed = answer.namespaces.get(namespace) or {}
        if listed.get("outcome") == "error":
            errors.append((namespace, str(listed.get("detail") or "error")))
        if listed.get("outcome") != "module":
            continue
        public = [f"{namespace}.{name}" for name in listed.get("names") or ()]
        undocumented = [name for name in public if name not in names]
        excluded = [(name, _reason(name, exclusions)) for name in undocumented]
        found.append(
            Namespace(
                namespace,
                str(listed.get("source")),
                len(public),
                len(public) - len(undocumented),
                tuple((name, why) for name, why in excluded if why is not None),
                tuple(name for name, why in excluded if why is None),
            )
        )
    return Covered(version, answer.python, answer.torch or "", tuple(found), tuple(errors))


def speaks_for(answer: Interpreter) -> str | None:
    """The docs version an interpreter's torch is the release of."""
    return release_of(answer.torch) if answer.torch else None


def _reason(name: str, exclusions: Sequence[Exclusion]) -> str | None:
    for exclusion in exclusions:
        if fnmatch.fnmatchcase(name, exclusion.name):
            return exclusion.reason
    return None
