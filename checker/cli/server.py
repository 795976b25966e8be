"""`docs-check server`: the language server over stdio (checker.server), for
editors. pygls is an optional extra: without it, one line says how to
install it, and exit 2."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.settings import settings_of
from checker.errors import UsageError
from checker.i18n import N_, message


@click.command()
@o.scope_option
@o.config_option
@o.baseline_option
@o.selection_options
@o.no_cache_option
@o.cache_dir_option
def server(**values: Any) -> int:
    """Serve an editor over stdio with the Language Server Protocol: lint's
    findings as the pages are edited, their fixes as quick fixes, and every
    version's status of an API on hover (see docs/editor.md)."""
    try:
        # start-up: pygls and the server load only for this command
        from checker.server.serve import serve
    except ImportError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        said = N_('the language server needs pygls: pip install "docs-check[server]"')
        raise UsageError(message(said)) from None
    serve(settings_of(values))
    return 0
