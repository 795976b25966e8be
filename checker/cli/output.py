"""`--output FILE`: the report goes to a file, written whole or not at all,
instead of stdout. The summary and errors stay on stderr either way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def output_option(function: F) -> F:
    return click.option(
        "--output",
        "output",
        metavar="FILE",
        help="Write the report to FILE (atomically) instead of stdout.",
    )(function)


def emit(report: str, output: str | None) -> None:
    if output is None:
        click.echo(report, nl=False)
        return
    from checker.files import write_atomically

    write_atomically(output, report)
