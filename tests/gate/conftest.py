"""Fixtures of the baseline tests: the configuration tests' copy of the example
docs, declared once (tests/config/conftest.py)."""

from __future__ import annotations

from tests.config.conftest import repo

__all__ = ["repo"]
