"""`docs-check rule ID` and `docs-check rules`: what an id means, with a wrong
and a right example, and the list of every id. They read no page and no
configuration: the registry is the same wherever they run."""

from __future__ import annotations

import click

from checker.cli import options as o
from checker.cli.output import finish


@click.command()
@click.argument("rule_id", metavar="ID")
@o.format_option("rule")
@o.output_option
def rule(rule_id: str, fmt: str, output: str | None) -> int:
    """Explain the rule ID, with examples. Prints its default level and stage,
    what it reports, a wrong and a right example and how to fix it;
    `docs-check rules` lists the ids."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.rules import rule as describe

    return finish(describe(rule_id), fmt, output, quiet=False)


@click.command()
@o.format_option("rules")
@o.output_option
def rules(fmt: str, output: str | None) -> int:
    """List every rule id. One line each: its default level, its stage and
    what it reports; `docs-check rule ID` explains one."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.rules import rules as listed

    return finish(listed(), fmt, output, quiet=False)
