"""Every shell example of README.md and docs/*.md, run as written, its shown
output compared exactly (after the normalisation of docs/internals.md,
"Executed documentation"). Each runs in the installed `docs-check` console
script through bash, in a scratch copy of the checkout (examples/, rules/,
tests/fixtures/: a `fix` or an `--output` of one example changes nothing for
the next); marked `corpus`, from the folder that holds the shared corpus;
marked `release-clone`, in a clone of tests/app/release_repo.py's repository
(its release branches and the branches of torch-npu releases with docs).

DOCS_CHECK_UPDATE_SNAPSHOTS=1 rewrites each runnable example's output blocks
from what the command printed (blocks abridged with `…` lines are left for a
person, and still fail)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.examples import Block, Example, every_example, read, rewrite, shown
from tests.helpers import CORPUS, REPO

UPDATE = os.environ.get("DOCS_CHECK_UPDATE_SNAPSHOTS") == "1"
EXAMPLES = every_example(REPO)
COPIED = ("examples", "rules", "tests/fixtures")
TIMEOUT = 600
_TIME = re.compile(r"\b\d+\.\d+ ?s\b")
_PLATFORM = re.compile(r"\b(Linux|Darwin|Windows) \S+ (x86_64|aarch64|arm64|AMD64)\b")
_PYTHON = re.compile(r"\b(Python |PYTHON=)3\.\d+\.\d+\b")


def installed_package() -> str:
    import checker

    return str(Path(checker.__file__).resolve().parent)


def for_the_docs(actual: str) -> str:
    """This machine's paths as the docs write them: the installed package's
    folder `…/site-packages/checker`, this interpreter `…/bin/python`."""
    return actual.replace(installed_package(), "…/site-packages/checker").replace(
        sys.executable, "…/bin/python"
    )


def normalised(text: str) -> str:
    """The volatile parts made equal: this machine's paths, durations, the
    platform and Python version, trailing blanks."""
    text = _TIME.sub("<time>", for_the_docs(text))
    text = _PYTHON.sub(r"\1<version>", _PLATFORM.sub("<platform>", text))
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def matches(shown_text: str, actual: str) -> bool:
    """Equal after normalisation; a line that is only `…` in the shown text
    stands for any number of lines."""
    pattern = "".join(
        r"(?:.*\n)*?" if line.strip() == "…" else re.escape(line) + r"\n"
        for line in normalised(shown_text).splitlines()
    )
    return re.fullmatch(pattern, normalised(actual)) is not None


def environment(home: Path) -> dict[str, str]:
    """A user's shell: the installed scripts first on PATH, English, no colour
    variables, a page cache and HOME of its own, help wrapped at 80 columns."""
    dropped = ("FORCE_COLOR", "NO_COLOR", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    env = {k: v for k, v in os.environ.items() if k not in dropped and not k.startswith("GIT_")}
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        LANG="C.UTF-8",
        COLUMNS="80",
        HOME=str(home),
        DOCS_CHECK_CACHE_DIR=str(home / "cache"),
    )
    return env


def scratch_checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    for part in COPIED:
        shutil.copytree(REPO / part, root / part, symlinks=True)
    return root


# What each (place, commands) printed: two docs showing the same commands (the
# README's and its page's) share one run. Each run starts from a fresh copy and
# a fresh HOME, so running them again would print the same, times aside.
_RAN: dict[tuple[str, tuple[str, ...]], tuple[list[int], str, str]] = {}


def run_once(example: Example, tmp_path: Path) -> tuple[list[int], str, str]:
    key = (example.where, example.commands)
    if key not in _RAN:
        _RAN[key] = run(example, *place(example, tmp_path))
    return _RAN[key]


def place(example: Example, tmp_path: Path) -> tuple[Path, Path]:
    """The folder the example runs in, and its HOME."""
    if example.where == "release-clone":
        from tests.app.release_repo import DOCS_BRANCHES, RELEASE_BRANCHES, clone_release_repo

        branches = RELEASE_BRANCHES + DOCS_BRANCHES  # the branches torch-npu has
        cwd = clone_release_repo(tmp_path / "release", branches=branches)
    elif example.where == "corpus":
        cwd = CORPUS.parent
    else:
        cwd = scratch_checkout(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    return cwd, home


def run(example: Example, cwd: Path, home: Path) -> tuple[list[int], str, str]:
    codes, out, err = [], "", ""
    for command in example.commands:
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=cwd,
            env=environment(home),
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="backslashreplace",
            timeout=TIMEOUT,
            check=False,
        )
        codes.append(done.returncode)
        out += done.stdout
        err += done.stderr
    return codes, out, err


def expected_outputs(example: Example, out: str, err: str) -> list[tuple[Block, str]]:
    if len(example.outputs) == 2:
        return [(example.outputs[0], out), (example.outputs[1], err)]
    return [(block, out + err) for block in example.outputs]


def _differing(example: Example, path: Path, out: str, err: str) -> list[tuple[Block, str]]:
    """The output blocks that differ, read again: an update may have moved them."""
    now = read(path, REPO)[example.ordinal]
    assert now.commands == example.commands, f"{example.name}: the doc changed under the test"
    return [
        (b, text)
        for b, text in expected_outputs(now, out, err)
        if not matches(shown(path, b), text)
    ]


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.name for example in EXAMPLES])
def test_example_runs_as_documented(
    example: Example, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if example.skip:
        pytest.skip(f"{example.name}: {example.skip} (marked in the Markdown)")
    if example.where == "corpus":
        # the suite's one corpus rule: skipped without it, failing under REQUIRE_CORPUS
        request.getfixturevalue("corpus")
    codes, out, err = run_once(example, tmp_path)
    said = f"{example.commands}: exit {codes}\n--- stdout\n{out}--- stderr\n{err}"
    assert "Traceback" not in out + err, said
    if example.exit_code is not None:
        assert codes[-1] == example.exit_code, said
    else:
        assert all(code in (0, 1) for code in codes), said
    path = REPO / example.doc
    wrong = _differing(example, path, out, err)
    if UPDATE and wrong:
        rewrite(path, {b: for_the_docs(text) for b, text in wrong if "…" not in shown(path, b)})
        wrong = _differing(example, path, out, err)
    for block, text in wrong:
        assert normalised(shown(path, block)) == normalised(text), (
            f"{example.doc}:{block.line}: the shown output is not what `{example.commands}` prints"
        )
