"""Torch's answers, shared between the tests of one test process: the resolver
(checker/torch/scripts/resolve_names.py) and coverage's lister
(checker/torch/scripts/public_api.py), given the same question (the same
command, input and environment), answer the same, so the first test to ask
runs the script for real and the others get its answer (its CommandResult) as
the script would give it again; everything from that answer on (what the
checker makes of it, the findings, the reports) runs as it would. Each such
run imports torch (seconds). Tests of the scripts' processes themselves (their
starts, their ending, what they import) do not use this, nor need they: the
key holds the environment, so that a test that sets PYTHONPATH (a FAKE
torch_npu, the tripwires) asks anew. The current folder is not in it: each
script is run by its path, and finds nothing in that folder. So are verify's
live runs (`LiveRuns`), for the tests that share one: the harness imports
torch too."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

import checker.app.verify
import checker.torch.docs_coverage
import checker.torch.resolve.resolution
import checker.torch.resolve.resolver
from checker.process import CommandResult, Started, run_command
from checker.torch.resolve.resolver import SCRIPT

# what a script was given → what it answered (runs that did not finish are not kept)
_ANSWERS: dict[tuple[object, ...], CommandResult] = {}
_REAL_START = checker.torch.resolve.resolver.start_resolver


def _key(
    argv: Sequence[str], stdin: bytes | None, env: Mapping[str, str] | None = None
) -> tuple[object, ...]:
    """The command, its input and its environment (this process's, with `env`)."""
    return (tuple(argv), stdin, _environment(env))


def _environment(env: Mapping[str, str] | None = None) -> tuple[tuple[str, str], ...]:
    """This process's variables, with `env`: what else decides an answer."""
    merged = {**os.environ, **(env or {})}
    # pytest's note of the running test is the one variable that changes by itself
    merged.pop("PYTEST_CURRENT_TEST", None)
    return tuple(sorted(merged.items()))


class Asked:
    """Stands for the Started of a resolver started ahead: the interpreter is
    started only when it is given names that no test asked it before."""

    def __init__(self, python: str) -> None:
        self.argv = (python, str(SCRIPT))

    def finish(self, stdin: bytes | None, timeout: float) -> CommandResult:
        key = _key(self.argv, stdin)
        if key not in _ANSWERS:
            started: Started = _REAL_START(self.argv[0])
            result = started.finish(stdin, timeout)
            if result.failure is not None:
                return result
            _ANSWERS[key] = result
        return _ANSWERS[key]

    def cancel(self) -> None:
        """Nothing runs before the names are given."""


def _listed_once(
    argv: Sequence[str],
    *,
    timeout: float,
    env: Mapping[str, str] | None = None,
    stdin: bytes | None = None,
) -> CommandResult:
    """coverage's run of its lister, once per question."""
    key = _key(argv, stdin, env)
    if key not in _ANSWERS:
        result = run_command(argv, timeout=timeout, env=env, stdin=stdin)
        if result.failure is not None:
            return result
        _ANSWERS[key] = result
    return _ANSWERS[key]


def answer_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The resolver, wherever a run starts it, and coverage's lister answer
    each question once."""
    for module in (checker.torch.resolve.resolution, checker.torch.resolve.resolver):
        monkeypatch.setattr(module, "start_resolver", Asked)
    monkeypatch.setattr(checker.torch.docs_coverage, "run_command", _listed_once)


class LiveRuns:
    """verify's live runs (checker.app.verify.run_live), each made once: a
    command whose live run is asked with the same arguments, working folder and
    environment variables as one made before is given that run's answer (its
    evidence), and renders, judges and exits as its own options say. For
    commands that differ only in what they make of one run (--format,
    --require-npu), where each live run would import torch again; a command
    asking anything else runs its own."""

    def __init__(self) -> None:
        self.made: list[tuple[Any, Any]] = []  # (what was asked, what the run gave)
        self.runs = 0  # the live runs made: the tests sharing one say it is one

    @contextmanager
    def shared(self) -> Iterator[None]:
        """Inside it, verify's live runs are this object's."""
        real = checker.app.verify.run_live

        def run_live(*args: Any, **kwargs: Any) -> Any:
            # what else decides what a run finds: the folder and the variables
            # (PYTHONPATH, a FAKE SoC)
            asked = (args, kwargs, os.getcwd(), _environment())
            for before, live in self.made:
                if before == asked:
                    return live
            live = real(*args, **kwargs)
            self.runs += 1
            self.made.append((asked, live))
            return live

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(checker.app.verify, "run_live", run_live)
            yield
