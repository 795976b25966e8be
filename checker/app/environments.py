"""Where a live run's tests run: the interpreter of each docs version
(`--python`, `--python-for`), where its repository tests come from
(`--test-ref`), and the interpreters named checked before anything runs.
verify's live runs (checker.app.live) and probe take them; verify --backed
checks its interpreters with them, without those runs."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.errors import InputError
from checker.i18n import N_, message

if TYPE_CHECKING:
    from checker.sources.gitrefs import GitRef


@dataclass(frozen=True)
class Environments:
    """Where each docs version's tests run, and where its tests come from."""

    python: str | None = None  # --python: the main interpreter; None: this one
    python_for: tuple[tuple[str, str], ...] = ()  # --python-for VERSION=PATH
    test_refs: tuple[tuple[str, str], ...] = ()  # --test-ref VERSION=REF, and test-refs
    git_repo: str = "."  # the repository the test refs belong to
    timeout: float = 120
    jobs: int | None = None  # --jobs: environments run side by side; None: one per core
    test_at: tuple[GitRef, ...] = ()  # the test (and docs) refs as resolved, with their commits


def check_interpreters(environments: Environments) -> None:
    """Before any run: an interpreter the command line names (--python,
    --python-for) that cannot be started is an input error, in the words
    --resolve-apis uses for it (checker.torch.resolve.resolver); this interpreter,
    when none is named, is not checked."""
    named = [environments.python] if environments.python else []
    named += [python for _, python in environments.python_for]
    for python in dict.fromkeys(named):
        if shutil.which(python) is None:  # what starting it would find (checker.process)
            there = os.sep in python and os.path.exists(python)  # not an executable file
            why = message(
                N_("executable not runnable: {python}")
                if there
                else N_("executable not found: {python}"),
                python=python,
            )
            raise InputError.saying(
                N_("{python}: no such interpreter ({why})"), python=python, why=why
            )
