"""FAKE harness: stands in for `python harness.py …` in docs-check's own tests
of which environment runs which test, where. It imports no torch and runs no
test: it answers as the harness would, for the torch release in
DOCS_CHECK_FAKE_TORCH (default 2.13.0+cpu), with one passing case per run
that names the file it was asked to run and whether that file is there, and
appends each run's working folder and arguments (as the command that runs it
alone has them) to the file DOCS_CHECK_FAKE_LOG. With --serve it takes the
jobs a line each on stdin, as the harness does."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

torch = os.environ.get("DOCS_CHECK_FAKE_TORCH", "2.13.0+cpu")
environment = {
    "platform": "FAKE",
    "python": "3.11",
    "torch": torch,
    "torch_npu": None,
    "fake_torch": "none: a stand-in harness",
    "npu_error": "FAKE harness: no torch_npu",
}


def answer(cwd: str, flag: str, target: str) -> dict[str, object]:
    with open(os.environ["DOCS_CHECK_FAKE_LOG"], "a", encoding="utf-8") as log:
        log.write(json.dumps({"cwd": cwd, "argv": [flag, target], "torch": torch}) + "\n")
    there = Path(cwd, target.split("::")[0]).is_file()
    case = {"name": f"{flag} {target}", "passed": there, "detail": "" if there else "missing"}
    return {"behaviour": target, "error": None, "cases": [case], "summary": "fake"}


arguments = sys.argv[2:]  # after the harness's own path
if arguments == ["--serve"]:
    print(json.dumps({"environment": environment}), flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        flag = next(f for f in ("behaviour", "test", "module") if f in job)
        run = answer(job.get("cwd") or os.getcwd(), f"--{flag}", job[flag])
        print(json.dumps({"run": run}), flush=True)
else:
    pairs = zip(arguments[::2], arguments[1::2], strict=True)
    runs = [answer(os.getcwd(), flag, target) for flag, target in pairs]
    print(json.dumps({"environment": environment, "runs": runs}))
