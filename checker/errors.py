"""The small exception tree. The command line's one handler (checker.cli.run)
reports each as one line and exits 2; `Terminated` is not one of them.

An error's text may be a checker.i18n Message (`InputError.saying(N_("{path}:
empty file"), path=path)`, the same as `InputError(message(...))`): `str(error)`
is then that Message, English as a string and shown in the language of the run
with `say`, wherever the error goes (a run's errors, a worker's answer)."""

from __future__ import annotations

from typing import Any, Self

from checker.i18n import message


class DocsCheckError(Exception):
    """Base of every error the checker reports as one line instead of a traceback."""

    @classmethod
    def saying(cls, template: str, **args: Any) -> Self:
        """The error whose text is the Message of `template` (marked with N_
        where it is written) and `args`."""
        return cls(message(template, **args))

    def __str__(self) -> str:
        # the text itself, a Message kept (Exception's own __str__ makes it a str)
        text = self.args[0] if len(self.args) == 1 else None
        return text if isinstance(text, str) else super().__str__()


class UsageError(DocsCheckError):
    """The command line asks for something that cannot be done (missing path, no docs)."""


class InputError(DocsCheckError):
    """A file could not be read as a docs page or as data; names path[:line]."""


class DataError(DocsCheckError):
    """The checker's own data (catalogue, rules) is malformed; names path[:line]."""


class Terminated(BaseException):
    """SIGTERM, raised in the main thread by the handler checker.cli.main
    installs, so that the run ends as an interrupt does: every `finally` runs
    (the reading workers are ended, no half-written file is left) and `run`
    exits 143. A BaseException, like KeyboardInterrupt: no `except Exception`
    may take it for an error of the run."""
