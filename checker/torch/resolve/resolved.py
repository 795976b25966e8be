"""What looking documented names up in torch releases gives
(checker.torch.resolve.resolver does the looking): each name's outcome, each
interpreter's run, and the report of them all, with the findings it makes.

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
from dataclasses import dataclass
from enum import StrEnum

from checker.i18n import N_, message
from checker.ids.registry import REGISTRY
from checker.model.finding import Finding, finding
from checker.model.version import release_of, version_key

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
    """What --resolve-apis found: each name's result and the environments."""

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


# the registry id of each outcome that is reported (`api-missing`, ...); the
# two that resolve (`resolves`, `needs-torch_npu`) have none
RULE_OF = {o: f"api-{o.value}" for o in Lookup if f"api-{o.value}" in REGISTRY}


# what a finding of each reported outcome says
TEMPLATES = {
    Lookup.MISSING: N_("{api} is documented for torch {version} but absent from it: {detail}"),
    Lookup.NEEDS_OPTIONAL_DEPENDENCY: N_(
        "{api} cannot be checked against torch {version} without the optional "
        "package {package}, missing from {python} ({detail})"
    ),
    Lookup.ERROR: N_("looking {api} up in torch {version} failed: {detail}"),
    Lookup.UNVERIFIED: N_("{api} is absent from torch {version} alone: {detail}"),
    Lookup.OUTSIDE_TORCH: N_(
        "{api} is documented for torch {version} but is not a torch or torch_npu name, "
        "so it was not looked up"
    ),
}


def result_finding(result: NameResult) -> Finding | None:
    version, api = result.version, result.api
    rule = RULE_OF.get(result.outcome)
    if rule is None:
        return None
    said = message(
        TEMPLATES[result.outcome],
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
