"""The command line. `run` returns an exit code; only `main` exits.

Exit codes are checker.outcome's ExitCode: 0 clean, 1 findings (or an error
verdict), 2 usage or input error, 3 verification asked for could not be done
(--require-npu: a product no NPU verified; --require-all-versions: a docs
version no interpreter resolved), 4 an unexpected exception (a bug). `run` is
the one handler that maps errors to them: every DocsCheckError is one line and
exit 2, never a traceback; any other exception is one line that names the log
holding its traceback (checker.cli.crashed), and exit 4. A run
stopped by a signal (outcome.Stopped) is one line too: Ctrl-C exits 130 (`aborted`),
SIGTERM 143 (`terminated`; `main` turns the signal into checker.errors.Terminated).

Command modules import their machinery inside the command, so that `--help`
and a pre-commit run do not pay for what they do not use."""

from __future__ import annotations

import atexit
import importlib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from types import FrameType
from typing import NoReturn

import click

from checker import __version__
from checker.cli.language import lang_option, language_asked
from checker.cli.output import ERROR_LINE
from checker.cli.translated import TranslatedGroup, click_in_our_language
from checker.errors import DocsCheckError, Terminated
from checker.i18n import _, chosen, say
from checker.outcome import ExitCode, Stopped
from checker.report.escape import terminal

# Each command by its name: the module and the function of its click command.
# start-up: a command's module (its options, its click objects: some 15 ms for
# them all) is imported when the command runs or the help lists it, so a lint
# run makes lint's alone.
COMMANDS = {
    "lint": "checker.cli.lint:lint",
    "show": "checker.cli.show:show",
    "verify": "checker.cli.verify:verify",
    "probe": "checker.cli.probe:probe",
    "baseline": "checker.cli.baseline:baseline",
    "rule": "checker.cli.rules:rule",
    "rules": "checker.cli.rules:rules",
    "fix": "checker.cli.fix:fix",
    "new-version": "checker.cli.new_version:new_version",
    "migrate": "checker.cli.migrate:migrate",
    "export": "checker.cli.export:export",
    "diff": "checker.cli.diff:diff",
    "coverage": "checker.cli.coverage:coverage",
    "tests": "checker.cli.tests:tests",
    "report": "checker.cli.report:report",
    "stats": "checker.cli.stats:stats",
    "server": "checker.cli.server:server",
}


class _Commands(TranslatedGroup):
    """The group of COMMANDS, each added the first time click asks for it."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, _, function = COMMANDS[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), function), cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(
    cls=_Commands,
    lang_option=lang_option,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="docs-check")
def cli() -> None:
    """Check the torch-npu API support docs: every page format, one support model."""


def run(argv: Sequence[str] | None = None) -> int:
    """Runs the command line and maps every outcome to an exit code, in the
    language of --lang or the locale (checker.i18n), and only for this run:
    click's usage errors too, whether click finds them before --lang or after."""
    asked = language_asked(list(argv) if argv is not None else sys.argv[1:])
    with chosen(asked, warn=_warning), click_in_our_language():
        return _run(argv)


def _warning(line: str) -> None:
    """A warning of the run that is no finding (a catalogue it cannot read)."""
    click.echo(terminal(line), err=True)  # the path in it comes from the file system


def _run(argv: Sequence[str] | None) -> int:
    try:
        result = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="docs-check",
            standalone_mode=False,
        )
    except click.exceptions.Exit as done:  # --help, --version
        return int(done.exit_code)
    except click.ClickException as error:
        error.show()
        return ExitCode.INPUT
    except click.Abort:  # Ctrl-C: click turns the KeyboardInterrupt into Abort
        click.echo(_("docs-check: aborted"), err=True)
        return Stopped.INTERRUPTED
    except Terminated:
        click.echo(_("docs-check: terminated"), err=True)
        return Stopped.TERMINATED
    except DocsCheckError as error:  # terminal(): the names in it come from the command line
        click.echo(_(ERROR_LINE).format(error=terminal(say(str(error)))), err=True)
        return ExitCode.INPUT
    except Exception as error:  # the last resort: a bug, one line and a log of its own
        # start-up: the crash log's modules (7 ms: tempfile, traceback, platform) only for a crash
        from checker.cli.crashed import crashed

        click.echo(terminal(crashed(error, argv)), err=True)
        return ExitCode.CRASHED
    return int(result) if isinstance(result, int) else 0


def main() -> None:
    # the collector's thresholds were raised as checker was imported (checker/__init__.py)
    signal.signal(signal.SIGTERM, _terminated)
    _exit(run())


def _exit(code: int) -> NoReturn:
    """Ends the process, as mypy's does, without the interpreter's teardown:
    freeing each module, class and object one by one (some 5 ms of every run:
    of --help's 0.07 s, of a one-page lint's 0.23 s), memory the system takes
    back at once. Only when nothing is left that the teardown would finish:
    the output flushed (where it cannot be, a closed pipe, as before), no
    other thread running, and the exit handlers run that the interpreter runs
    first (logging's, or a sitecustomize's): `atexit._run_exitfuncs`, which
    the interpreter itself calls, as the one way to run them before
    `os._exit`."""
    if threading.active_count() > 1:  # the teardown would wait for it
        sys.exit(code)
    atexit._run_exitfuncs()  # run once: the teardown, if it comes, finds none
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream: the usual way out
        sys.exit(code)
    os._exit(code)


def _terminated(signum: int, frame: FrameType | None) -> None:
    """SIGTERM: the run unwinds as from Ctrl-C, and `run` exits 143. A second
    SIGTERM ends the process at once, should the way out itself hang."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise Terminated
