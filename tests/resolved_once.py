"""The resolver's answers, shared between the tests of one test process: an
interpreter given the same names (the same command, input and environment)
answers the same, so the first test to ask runs the resolver for real and the
others get its answer (the script's CommandResult) as the resolver would give
it again; everything from that answer on (checker.torch.resolve.resolver's
reading of it, the findings, the reports) runs as it would. Each such run
imports torch (seconds); tests of the resolver's process itself (its starts,
its ending, what it imports) do not use this, nor need they: the key holds
the environment, so that a test that sets PYTHONPATH (a FAKE torch_npu, the
tripwires) asks anew."""

from __future__ import annotations

import os

import pytest

import checker.torch.resolve.resolution
import checker.torch.resolve.resolver
from checker.process import CommandResult, Started
from checker.torch.resolve.resolver import SCRIPT

# what the interpreter was given → what it answered (runs that did not finish are not kept)
_ANSWERS: dict[tuple[object, ...], CommandResult] = {}
_REAL_START = checker.torch.resolve.resolver.start_resolver


class Asked:
    """Stands for the Started of a resolver started ahead: the interpreter is
    started only when it is given names that no test asked it before. The
    current folder is not in the key: the script is run by its path, and
    finds nothing in it."""

    def __init__(self, python: str) -> None:
        self.python = python
        self.argv = (python, str(SCRIPT))

    def finish(self, stdin: bytes | None, timeout: float) -> CommandResult:
        # pytest's note of the running test is the one variable that changes by itself
        environment = tuple(sorted(os.environ.items()))
        key = (self.argv, stdin, tuple(i for i in environment if i[0] != "PYTEST_CURRENT_TEST"))
        if key in _ANSWERS:
            return _ANSWERS[key]
        started: Started = _REAL_START(self.python)
        result = started.finish(stdin, timeout)
        if result.failure is None:
            _ANSWERS[key] = result
        return result

    def cancel(self) -> None:
        """Nothing runs before the names are given."""


def answer_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The resolver, wherever a run starts it, answers each question once."""
    for module in (checker.torch.resolve.resolution, checker.torch.resolve.resolver):
        monkeypatch.setattr(module, "start_resolver", Asked)
