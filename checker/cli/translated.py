"""Help in the chosen language (checker.i18n): the group and every command it
holds format their help through `TranslatedFormatter`, which looks each text
up as it is written (the usage prefix, headings, help paragraphs, option
help), so the command modules keep plain English docstrings and `help=`
strings and need no marking. `help_texts` lists those texts for Babel
(checker/i18n_extract.py), read from the same objects the help is made of.

Under English nothing changes: every lookup returns its own text, and click
wraps it. Chinese is wrapped by checker.textwidth (click counts a wide
character as one column, and breaks lines only at spaces)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from checker.i18n import N_, _, ngettext
from checker.textwidth import has_wide, width_of, wrapped

# click's own words in the help (click looks them up in no catalogue of ours)
CLICK_WORDS = (N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"))
_EXTRAS = {"default: ": N_("default: {default}"), "env var: ": N_("env var: {var}")}
_EXTRA_NAMES = {"default: ": "default", "env var: ": "var"}
REQUIRED = N_("required")

# click's own messages that a usage error of docs-check can show (its
# exceptions, parser and the parameter types the commands use, as click 8.2+
# words them), for our catalogue (checker/i18n_extract.py yields them): click
# looks them up with its modules' `_` and `ngettext`, which `click_in_our_language`
# points at ours for a run. A message click words otherwise is shown in English.
CLICK_MESSAGES = (
    "Error: {message}",
    "Try '{command} {option}' for help.",
    "Invalid value: {message}",
    "Invalid value for {param_hint}: {message}",
    "Missing argument",
    "Missing option",
    "Missing parameter",
    "Missing command.",
    "No such option {name!r}.",
    "No such command {name!r}.",
    "Option {name!r} does not take a value.",
    "Choose from:\n\t{choices}",
    "{value!r} is not a valid {number_type}.",
    "{value} is not in the range {range}.",
)
CLICK_PLURALS = (
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)
# the click modules that word them (and the help's words, which format_help
# then looks up again: a translated text is its own lookup's answer)
_CLICK_MODULES = ("click.core", "click.exceptions", "click.parser", "click.types")


@contextmanager
def click_in_our_language() -> Iterator[None]:
    """click's messages from our catalogue in the body, in the language chosen
    (checker.i18n): click's modules import gettext's `gettext` as `_` and
    `ngettext`, which would look in a "messages" domain of the locale. The
    body over, click's own again: a caller in-process keeps its click."""
    ours = {"_": _, "ngettext": ngettext}
    namespaces = [vars(importlib.import_module(name)) for name in _CLICK_MODULES]
    before = [(space, name, space[name]) for space in namespaces for name in ours if name in space]
    for space, name, _theirs in before:
        space[name] = ours[name]
    try:
        yield
    finally:
        for space, name, theirs in before:
            space[name] = theirs


class TranslatedFormatter(click.HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        usage = _("Usage:")
        super().write_usage(prog, args, f"{usage} " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(heading))

    def write_text(self, text: str) -> None:
        translated = _(text)
        if not has_wide(translated):
            super().write_text(translated)
            return
        indent = " " * self.current_indent
        lines = wrapped(translated, self.width - self.current_indent)
        self.write("".join(f"{indent}{line}\n" for line in lines))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        """click's write_dl, with each text looked up and wrapped by `wrapped`."""
        rows = [(term, option_help(text)) for term, text in rows]
        if not any(has_wide(text) for _term, text in rows):
            super().write_dl(rows, col_max, col_spacing)
            return
        first_col = min(max(width_of(term) for term, _text in rows), col_max) + col_spacing
        for term, text in rows:
            self.write(f"{'':>{self.current_indent}}{term}")
            if width_of(term) <= first_col - col_spacing:
                self.write(" " * (first_col - width_of(term)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrapped(text, max(self.width - first_col - 2, 10)) or [""]
            hanging = " " * (first_col + self.current_indent)
            self.write("".join([f"{lines[0]}\n", *(f"{hanging}{line}\n" for line in lines[1:])]))


def option_help(text: str) -> str:
    """An option's help as click writes it, `Help.  [default: text]`: the help
    and click's extras looked up apart (the extras carry values)."""
    translated = _(text)
    if translated != text or not text.endswith("]"):
        return translated
    head, bracket, extras = text[:-1].rpartition("  [")
    if not bracket:
        head, extras = "", text[1:-1] if text.startswith("[") else ""
        if not extras:
            return text
    shown = "; ".join(_extra(item) for item in extras.split("; "))
    return f"{_(head)}  [{shown}]" if head else f"[{shown}]"


def _extra(item: str) -> str:
    for prefix, template in _EXTRAS.items():
        if item.startswith(prefix):
            return _(template).format(**{_EXTRA_NAMES[prefix]: item[len(prefix) :]})
    return _(item) if item == REQUIRED else item


class TranslatedContext(click.Context):
    formatter_class = TranslatedFormatter


class TranslatedGroup(click.Group):
    """A group whose help, and its commands' help, is translated; each command
    added also takes `lang_option` (`docs-check lint --lang zh`)."""

    context_class = TranslatedContext

    def __init__(self, *args: Any, lang_option: click.Option, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang_option = lang_option
        self.params.append(lang_option)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        cmd.context_class = TranslatedContext
        if not any(param.name == self.lang_option.name for param in cmd.params):
            cmd.params.append(self.lang_option)
        super().add_command(cmd, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, each with its first sentence: as click
        shortens it in English, whole up to the line's end in a translation."""
        commands = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        shown = [(name, command) for name, command in commands if command and not command.hidden]
        if not shown:
            return
        longest = max(width_of(name) for name, _command in shown)
        rows = []
        for name, command in shown:
            text = inspect.cleandoc(command.short_help or "") or command_help(command)
            translated = _(text)
            if translated == text:  # English: click's own shortening, at click's limit
                rows.append((name, command.get_short_help_str(formatter.width - 6 - longest)))
            else:  # the width write_dl wraps the second column to
                rows.append((name, _short(translated, formatter.width - longest - 4)))
        with formatter.section(N_("Commands")):
            formatter.write_dl(rows)


def _short(text: str, limit: int) -> str:
    """The first sentence, cut to `limit` columns with an ellipsis."""
    sentence = text.partition("。")[0] + "。"
    while width_of(sentence) > limit and len(sentence) > 1:
        sentence = sentence[: -2 if sentence.endswith("…") else -1] + "…"
    return sentence


def command_help(command: click.Command) -> str:
    """The paragraph click writes for a command's help (format_help_text)."""
    return inspect.cleandoc(command.help or "").partition("\f")[0]


def help_texts(group: click.Group) -> Iterator[str]:
    """Every text the help of `group` and its commands looks up."""
    yield from CLICK_WORDS
    yield from (*_EXTRAS.values(), REQUIRED)
    # contexts as a run makes them: click makes (and keeps) each command's help
    # option from its context's help_option_names
    top = group.context_class(group, info_name="docs-check", **group.context_settings)
    # each command as click finds it to run it (the group imports it then)
    commands = [group.get_command(top, name) for name in group.list_commands(top)]
    for command in (group, *(command for command in commands if command)):
        if command.help:
            yield command_help(command)
        if command.short_help:
            yield inspect.cleandoc(command.short_help)
        context = top if command is group else command.context_class(command, parent=top)
        for param in command.get_params(context):
            if isinstance(param, click.Option) and param.help and not param.hidden:
                yield param.help
