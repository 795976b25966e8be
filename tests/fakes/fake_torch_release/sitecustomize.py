"""FAKE torch release: a test double for docs-check's own tests, never a real
environment of another torch.

The only torch on this machine is 2.13.0, but verifying across releases needs
an environment per docs version. On PYTHONPATH with DOCS_CHECK_FAKE_TORCH set
(e.g. `2.12.0+cpu`), this makes `torch.__version__` say that release once
torch is imported, and marks torch with `__docs_check_fake_release__` (the
real version), which the harness reports and docs-check labels FAKE in every
report. Nothing else about torch changes."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from types import ModuleType
from typing import Any

_FAKE = os.environ.get("DOCS_CHECK_FAKE_TORCH")


class _ReportAnotherRelease(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "torch":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            load(module)  # the real torch, which may fail to import as it would
            module.__docs_check_fake_release__ = str(module.__version__)  # type: ignore[attr-defined]
            module.__version__ = _FAKE  # type: ignore[attr-defined]

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if _FAKE:
    sys.meta_path.insert(0, _ReportAnotherRelease())
