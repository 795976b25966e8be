"""Where a finding is, as the machine formats name it. A page read from a git
ref is named `ref:path` (checker.sources.gitrefs), which text shows as it is;
CI views (SARIF, JUnit, GitHub, GitLab, JSON) link a finding to a file of the
repository, so they take the path inside the repository and carry the ref
beside it. This is the one place that splits the two."""

from __future__ import annotations

from collections.abc import Sequence


def located(path: str, refs: Sequence[str]) -> tuple[str | None, str]:
    """`v2.12.0:docs/x.md` -> ("v2.12.0", "docs/x.md") when v2.12.0 is a ref
    that was read; any other path is a file path, colons and all. The longest
    ref wins, should one ref and a colon begin another."""
    for ref in sorted(refs, key=len, reverse=True):
        if path.startswith(ref + ":"):
            return ref, path[len(ref) + 1 :]
    return None, path
