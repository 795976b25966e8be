"""An `[[ignore]]` entry of the configuration: what the gate matches findings
against. Apart from the key checks that make it (config_keys.py), so that the
gate does not load the TOML checks and the registry to know its shape."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ignore:
    """Findings accepted on purpose, and why."""

    rule: str
    path: str  # glob from the config's folder; without a "/" it matches the file name
    api: str | None  # glob; None: any API
    reason: str
    source: str  # path:line of the entry
