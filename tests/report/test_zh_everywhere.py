"""Every format of every command under `--lang zh`, on the fixtures: no word of
docs-check's own is left in English, and its punctuation is Chinese.

What may stay as it is: ids (rule, verdict, product, link kinds), paths, code
(API names, commands, options), what the inputs themselves say (page text,
evidence, rule files: every token of them is collected first), the names of
products and tools, and an exception's text. Machine formats (JSON, SARIF,
JUnit, GitLab, lintrunner, CSV) keep their keys and enumerations as their
consumers read them: only their human-readable messages are checked."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from typing import Any

import pytest

from checker.cli import run
from checker.cli.output import finish
from checker.i18n import chosen
from checker.report.formats import formats_for
from tests.helpers import REPO, outcomes_of

from .conftest import VERIFY_EVIDENCE, VERIFY_FAILING

TESTMAP = "tests/fixtures/testmap"
TESTS = ("tests", f"{TESTMAP}/docs", "--tests", f"{TESTMAP}/test", "--show-notes")
# each command's lines run, in every format its report offers (formats_for);
# migrate with --diff, so that nothing is written
COMMAND_LINES: dict[str, tuple[tuple[str, ...], ...]] = {
    "lint": (("lint", "examples/docs"),),
    "show": (("show", "put_metric", "--docs", "examples/docs"),),
    "verify": (VERIFY_FAILING, VERIFY_EVIDENCE),
    "diff": (
        ("diff", "2.11.0", "2.12.0", "examples/docs"),
        ("diff", "2.12.0", "2.13.0", "examples/docs"),
        ("diff", "zh", "en", "examples/docs"),
    ),
    "export": (("export", "examples/docs"),),
    "tests": (TESTS,),
    "coverage": (("coverage", "examples/docs"),),
    "rules": (("rules",),),
    "rule": (("rule", "doc-differs-from-rule"),),
    "stats": (("stats", "examples/docs"),),
    "fix": (("fix", "examples/docs", "--diff"),),
    "migrate": (("migrate", "--to", "blocks", "--diff", "examples/docs"),),
}
# commands with no --format (one text report) and lint's --statistics
NO_FORMAT_OPTION = {"fix", "migrate"}
DIFF_LINES = ("+", "-", " ", "@@")
RUNS: tuple[tuple[tuple[str, ...], str], ...] = (
    *(
        (argv, fmt)
        for command, lines in COMMAND_LINES.items()
        for argv in lines
        for fmt in formats_for(command)
    ),
    (("lint", "examples/docs", "--statistics"), "text"),
)
# inputs whose every token is data, not docs-check's words
INPUTS = ("examples/docs", "rules", "tests/fixtures/verify", TESTMAP, "checker/torch/behaviours")
# names docs-check writes that are no English words: products, tools, formats
# fmt: off
NAMES = {
    "Atlas", "Ascend", "NPU", "CPU", "CANN", "API", "APIs", "PyTorch", "Python", "torch",
    "Linux", "JSON", "SARIF", "JUnit", "CSV", "Markdown", "HTML", "ASCII", "NFKC", "GitHub",
    "GitCode", "tensorboard", "etcd", "pip", "git",
}
# ids that are no rule ids: stages, commands, page formats, verdicts, link kinds;
# keys of the rule files and the configuration; the blocks' npu code
WORDS_AS_IDS = {
    "read", "resolve", "lint", "verify", "gate", "note", "tests", "probe", "show", "fix",
    "rows", "table", "blocks", "inline", "consistent", "error", "behaviour",
    "call", "method", "opinfo", "ops", "rule",
    "expect", "ignore", "path", "api", "doc", "npu",
}
# fmt: on
# the keys of a machine format whose values a person reads; an evidence
# record's own fields (its notes, a run's error) are echoed as recorded
HUMAN_KEYS = ("message", "description", "text", "summary", "explanation", "fix")
# a location as compilers write it (path:line:), read by editors and CI
LOCATION = re.compile(r"^\S+:\d+:")
ASCII_PUNCT = re.compile(
    r"[\u4e00-\u9fff][,:;()]|[\u4e00-\u9fff]\. |[,;(]\s*[\u4e00-\u9fff]"
    r"|[^\s\w]?\w+: [\u4e00-\u9fff]"
)


@cache
def data_tokens() -> frozenset[str]:
    tokens: set[str] = set()
    for root in INPUTS:
        for path in (REPO / root).rglob("*"):
            if path.is_file() and path.suffix in {".md", ".toml", ".json", ".py", ".txt", ".yaml"}:
                tokens.update(re.findall(r"[A-Za-z][\w.-]*", path.read_text(encoding="utf-8")))
    return frozenset(tokens)


@cache
def ids() -> frozenset[str]:
    from checker.ids.registry import REGISTRY
    from checker.model.catalogue import default_catalogue

    return frozenset({*REGISTRY, *WORDS_AS_IDS, *(p.id for p in default_catalogue().products)})


@cache
def own_words() -> frozenset[str]:
    """The English words of docs-check's own messages: seen in a zh output, one
    of them is untranslated even where a page happens to use it too."""
    text = (REPO / "checker" / "locale" / "docs-check.pot").read_text(encoding="utf-8")
    msgids = re.findall(r'^msgid "(.*)"', text, flags=re.M)
    return frozenset(w for m in msgids for w in re.findall(r"[A-Za-z]{3,}", m)) - NAMES


def messages(command: str, fmt: str, out: str) -> Iterator[str]:
    """The human-readable text of one output."""
    if not out:  # a run that stopped at bad input: its one line is on stderr
        return
    if command == "rule" and fmt == "text":  # its example pages and rules, indented
        yield "\n".join(line for line in out.splitlines() if not line.startswith("    "))
    elif command in NO_FORMAT_OPTION:  # a unified diff of the pages: their text
        yield "\n".join(line for line in out.splitlines() if not line.startswith(DIFF_LINES))
    elif fmt in {"json", "sarif", "gitlab"}:
        yield from _strings(json.loads(out), HUMAN_KEYS)
    elif fmt in {"jsonl", "lintrunner"}:
        for line in out.splitlines():
            yield from _strings(json.loads(line), HUMAN_KEYS)
    elif fmt == "csv":
        for row in csv.DictReader(io.StringIO(out)):
            yield from (v for k, v in row.items() if k in {"message", "note", "detail"})
    elif fmt == "github":  # ::level file=…,line=…,title=…::message
        yield from (line.rsplit("::", 1)[-1] for line in out.splitlines())
    elif fmt in {"markdown", "pr"}:  # fenced blocks are what a tool or template reads
        yield re.sub(r"^```.*?^```", "", out, flags=re.M | re.S)
    elif fmt == "junit":
        for element in ET.fromstring(out).iter():
            yield element.get("message") or ""
            yield element.text or ""
    else:
        yield out


def _strings(value: object, keys: tuple[str, ...], human: bool = False) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, keys, human or key in keys)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, keys, human)
    elif isinstance(value, str) and human:
        yield value


def english(text: str) -> list[str]:
    """docs-check's own English words and ASCII punctuation in `text`."""
    found: list[str] = []
    data = data_tokens()
    for line in text.splitlines():
        line = LOCATION.sub("", line)
        # quoted page text, code, URLs, exception text and command lines are data
        for data_part in (
            r"<code>[^<]*</code>",
            r"`[^`]*`|'[^']*'|“[^”]*”|https?://\S+|<[^>]*>|\[\[\w+\]\]",
            r"(?<![\w-])--?[a-z][\w-]*",  # options
            r"\b\w*(Error|Exception)\b.*",
            r"(命令|command)：.*",
            r"未通过[ ：][^：）]*",  # a failed case's name
            r"[^\s（）|]*/[^\s（）|：]*",  # paths
            r"(?<![\w-])\d[\w.+-]*",  # versions: 2.13.0+cpu, 0.0.0-fake
        ):
            line = re.sub(data_part, " ", line)
        for token in re.findall(r"[A-Za-z][\w./:-]*", line):
            token = token.rstrip(".:")
            if token.isupper() or len(token) == 1:
                continue  # a placeholder (PRODUCT, RULE, X) or the FAKE label
            if (
                (token in data and token not in own_words())
                or token in ids()
                or token in NAMES
                or re.search(r"[\d_/.:-]", token)  # paths, names, versions, ids
            ):
                continue
            found.append(token)
        if re.search(r"[\u4e00-\u9fff]", line) and (bad := ASCII_PUNCT.search(line)):
            found.append(f"punctuation {bad.group()!r}")
    return found


def _id(run: tuple[tuple[str, ...], str]) -> str:
    argv, fmt = run
    words = [a for a in argv if not a.startswith("tests/fixtures/verify/evidence")]
    return f"{' '.join(words[:3])} {'all evidence' if argv == VERIFY_EVIDENCE else ''} {fmt}"


@pytest.fixture(scope="module")
def finished() -> dict[tuple[str, ...], tuple[Any, str]]:
    """Each command line run once under --lang zh, from the repository root:
    the outcome its command finished with (None where it stopped at bad input
    before any report) and what it said on stderr. Each format is then written
    from that outcome by the command line's own `finish`, as `--format` would:
    a run per format would read the same docs again."""
    runs: dict[tuple[str, ...], tuple[Any, str]] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(REPO)
        for command, lines in COMMAND_LINES.items():
            for argv in lines:
                err = io.StringIO()
                quiet = redirect_stdout(io.StringIO())
                module = "rules" if command == "rule" else command  # cli/rules.py holds both
                with outcomes_of(module) as kept, quiet, redirect_stderr(err):
                    run(["--lang", "zh", *argv])
                runs[argv] = (kept[-1] if kept else None, err.getvalue())
    return runs


@pytest.mark.parametrize(("argv", "fmt"), RUNS, ids=[_id(run) for run in RUNS])
def test_every_word_docs_check_writes_is_chinese(
    finished: dict[tuple[str, ...], tuple[Any, str]], argv: tuple[str, ...], fmt: str
) -> None:
    statistics = argv[-1] == "--statistics"
    outcome, said = finished[argv[:-1] if statistics else argv]
    out, err = io.StringIO(), io.StringIO()
    if outcome is not None:
        with chosen("zh"), redirect_stdout(out), redirect_stderr(err):
            finish(outcome, fmt, None, quiet=False, statistics=statistics)
    left = [
        *(w for m in messages(argv[0], fmt, out.getvalue()) for w in english(m)),
        *english(err.getvalue() if outcome is not None else said),
    ]
    assert not left, sorted(set(left))


def test_every_command_with_a_report_is_run_here() -> None:
    """A command added to the reports is added here, or named as left out:
    `probe` (a live torch run: tests/report/test_zh_words.py renders its
    evidence lines), `backed` (live runs of a clone's tests: its verdict rows
    are verify's one verdict line), `new-version` (it writes a docs folder),
    `baseline` and `report` (a file and a site: tests/report/test_zh_words.py)."""
    from checker.outcome import Command

    left_out = {"probe", "backed", "new-version", "baseline", "report"}
    assert {c.value for c in Command} - left_out == set(COMMAND_LINES)
