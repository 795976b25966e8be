"""`docs-check server` on the command line: without pygls (the base
install), one line saying how to install the extra, and exit 2."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

Invoke = Callable[..., tuple[int, str, str]]


def test_without_pygls_one_line_says_how_to_install_it(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [n for n in sys.modules if n.split(".")[0] in ("pygls", "lsprotocol")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.delitem(sys.modules, "checker.server.serve", raising=False)
    monkeypatch.setitem(sys.modules, "pygls", None)  # what an import finds missing
    monkeypatch.setitem(sys.modules, "lsprotocol", None)
    code, out, err = cli("server")
    assert (code, out) == (2, "")
    assert err == (
        'docs-check: error: the language server needs pygls: pip install "docs-check[server]"\n'
    )
