"""FAKE harness: stands in for `python harness.py …` in docs-check's own tests
of which environment runs which test, where. It imports no torch and runs no
test: it answers as the harness would, for the torch release in
DOCS_CHECK_FAKE_TORCH (default 2.13.0+cpu), with one passing case per run
that names the file it was asked to run and whether that file is there, and
appends its working folder and arguments to the file DOCS_CHECK_FAKE_LOG."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

torch = os.environ.get("DOCS_CHECK_FAKE_TORCH", "2.13.0+cpu")
arguments = sys.argv[2:]  # after the harness's own path
with open(os.environ["DOCS_CHECK_FAKE_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps({"cwd": os.getcwd(), "argv": arguments, "torch": torch}) + "\n")
runs = []
for flag, target in zip(arguments[::2], arguments[1::2], strict=True):
    there = Path(target.split("::")[0]).is_file()
    case = {"name": f"{flag} {target}", "passed": there, "detail": "" if there else "missing"}
    runs.append({"behaviour": target, "error": None, "cases": [case], "summary": "fake"})
environment = {
    "platform": "FAKE",
    "python": "3.11",
    "torch": torch,
    "torch_npu": None,
    "fake_torch": "none: a stand-in harness",
    "npu_error": "FAKE harness: no torch_npu",
}
print(json.dumps({"environment": environment, "runs": runs}))
