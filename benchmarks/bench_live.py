"""(l) verify's live runs (issue 31): four environments, the shipped put_metric
rule's behaviour cases and each release branch's test module of
tests/fixtures/release-repo. The interpreters are this one (torch 2.13.0) and
three FAKE torch releases on it (tests/fakes/fake_torch_release: the harness
reports another release, nothing else differs). Measured: the wall time of
`docs-check verify --python-for ...` against what the engineer runs by hand in
the slowest environment, `python test_x.py -v` from its branch plus the
behaviour cases. Target: verify <= 1.3x that.
`python benchmarks/bench.py --live-only` runs only this."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VERSIONS = {"2.7.1": "v2.7.1", "2.11.0": "v2.11.0", "2.12.0": "v2.12.0", "2.13.0": "master"}


def _timed(argv: list[str], cwd: str | None = None, codes: tuple[int, ...] = (0,)) -> float:
    """Seconds the command took; a command that fails (an exit code not in
    `codes`) stops the check: a verify that fails fast would look fast."""
    started = time.monotonic()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=600, check=False)
    seconds = time.monotonic() - started
    if done.returncode not in codes:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or [""]
        sys.exit(f"(l) {argv[0]} exited {done.returncode}: {tail[0]}")
    return seconds


def live_check(docs_check: str, ok: Callable[[bool], str]) -> bool:
    sys.path.insert(0, str(REPO))
    from checker.torch.runner import HARNESS, behaviour_file
    from tests.app.release_repo import TEST, build_release_repo
    from tests.helpers import fake_torch_python

    with tempfile.TemporaryDirectory(prefix="docs-check-live-") as scratch:
        work = Path(scratch)
        repo = build_release_repo(work / "repo")
        pythons = {v: fake_torch_python(work, sys.executable, f"{v}+cpu") for v in VERSIONS}
        pythons["2.13.0"] = sys.executable
        by_hand = {}
        for version, branch in VERSIONS.items():  # each branch checked out as the engineer has it
            tree = repo if branch == "master" else work / f"tree-{version}"
            if tree != repo:  # master is the repository's own checkout
                subprocess.run(["git", "-C", str(repo), "worktree", "add", "-q", str(tree), branch])
            test = _timed([pythons[version], TEST, "-v"], str(tree))
            cases = _timed(
                [pythons[version], str(HARNESS), "--behaviour", str(behaviour_file("put_metric"))]
            )
            by_hand[version] = test + cases
        argv = [docs_check, "verify", "--git", str(repo), "--ref", "master", "docs", "-q"]
        for version, python in pythons.items():
            argv += ["--python-for", f"{version}={python}"]
        argv += ["--format", "json", "--output", str(work / "verify.json")]
        # 1: verify has findings (the release-repo's docs disagree with the rule)
        serial = _timed([*argv, "--jobs", "1"], codes=(0, 1))
        wall = _timed(argv, codes=(0, 1))
    slowest = max(by_hand.values())
    hand = ", ".join(f"{v} {t:.2f} s" for v, t in by_hand.items())
    print(f"(l) by hand (test module -v + behaviour cases) per environment: {hand}")
    print(f"    verify, four environments, --jobs 1: {serial:.2f} s ({serial / slowest:.2f}x)")
    met = wall <= 1.3 * slowest
    print(
        f"    verify, four environments: {wall:.2f} s = {wall / slowest:.2f}x the slowest "
        f"by hand ({slowest:.2f} s); target <= 1.3x: {ok(met)}"
    )
    return met
