"""A run's command as a reviewer re-runs it from a checkout of the docs
repository, for the Markdown and PR reports: never the harness call docs-check
made (a path inside its installation, a temporary interpreter), which the
JSON evidence keeps.

- A repository test read from a ref: `git checkout <ref> && ` first; then,
  with the environment variable only when the run set it,
  `TORCH_DEVICE_BACKEND_AUTOLOAD=0 python test/x/test_y.py -v` under unittest
  (`python test/x/test_y.py -v Class.test` for one test of it) or
  `python -m pytest test/x/test_y.py::id -v` under pytest.
- docs-check's own behaviour test (a `behaviour` run, whatever its ref says):
  `docs-check probe --api <API> --python python --output evidence.json`,
  which runs it again in the environment of that `python` (probe writes
  evidence, so it needs the file)."""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from checker.model.evidence import Run

AUTOLOAD_OFF = "TORCH_DEVICE_BACKEND_AUTOLOAD=0"
_PYTEST_SUMMARY = re.compile(r"(\d+ \w+(, )?)+ in \d+(\.\d+)?s|no tests ran in .*")


def is_own(run: Run) -> bool:
    """docs-check's own behaviour test, not one of the repository's."""
    return run.source == "behaviour"


def framework(run: Run) -> str:
    """ "unittest", "pytest", or "" for docs-check's own behaviour test: the
    run's own word where the evidence has it (schema 3), else, for an older
    record, told by the framework's summary line (`Ran N tests in …` is
    unittest's); torch's tests, which run under unittest, where nothing tells."""
    if run.framework in ("unittest", "pytest"):
        return run.framework
    if is_own(run):
        return ""
    return "pytest" if _PYTEST_SUMMARY.fullmatch(run.summary) else "unittest"


def rerun(run: Run) -> str:
    """The command (see the module's docstring)."""
    if is_own(run):
        words = ["docs-check", "probe", "--api", run.api, "--python", "python"]
        return shlex.join([*words, "--output", "evidence.json"])
    path, _, test = run.behaviour.partition("::")
    if framework(run) == "pytest":
        words = ["python", "-m", "pytest", run.behaviour, "-v"]
    else:
        words = ["python", path, "-v", *([test.replace("::", ".")] if test else [])]
    command = shlex.join(words)
    if _needs_autoload_off(run):
        command = f"{AUTOLOAD_OFF} {command}"
    return f"git checkout {shlex.quote(run.ref)} && {command}" if run.ref else command


def _needs_autoload_off(run: Run) -> bool:
    """The run's command begins with the variable (among its KEY=VALUE words)."""
    for word in run.command:
        if word == AUTOLOAD_OFF:
            return True
        if "=" not in word or word.startswith(("-", "/")):
            return False
    return False
