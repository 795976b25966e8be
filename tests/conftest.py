"""Shared fixtures. The real docs in ../shared/corpus are read in place, never
copied. A test that needs them skips, with the reason, on a clone with nothing
beside it; under DOCS_CHECK_REQUIRE_CORPUS=1 (CI) it fails instead, so that no
corpus test passes there by being skipped."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.helpers import CORPUS, REPO, shipped_rules_as_written
from tests.site import EVIDENCE, SITE_DOCS, write_site, write_small_site

if TYPE_CHECKING:
    from checker.sources.corpus import Corpus

REQUIRE_CORPUS = "DOCS_CHECK_REQUIRE_CORPUS"

# Fixtures are data: the test files of the fixture repositories belong to the
# suites of those repositories, run by docs-check, never by this one.
collect_ignore = ["fixtures"]


# The test files that take longest (ten seconds of CPU or more each: rounds of
# live harness runs and torch lookups, pre-commit hook environments,
# whole-corpus reads), from a CPU-time profile of `pytest -n 0` (December 2026),
# longest first. Under pytest-xdist (pyproject's addopts, --dist loadfile) a
# worker takes a whole file at a time in collection order: these go first, so
# that none of them starts last while the other worker sits idle.
SLOW_FILES = (
    "tests/torch/scripts/test_harness_tests.py",
    "tests/cli/test_resolve_cli.py",
    "tests/docs/test_examples.py",
    "tests/app/test_release_repo.py",
    "tests/cli/test_precommit.py",  # and pip's installs of the hook's environment
    "tests/app/test_clone_recipe.py",
    "tests/app/test_verify.py",
    "tests/app/test_migrate.py",
    "tests/torch/resolve/test_resolver.py",
    "tests/torch/test_probe_cli.py",
    "tests/torch/test_docs_coverage.py",
    "tests/app/test_pr_release.py",
    "tests/torch/test_one_interpreter.py",  # and a hung run's timeout
    "tests/sources/test_corpus.py",
    "tests/torch/resolve/test_resolve_npu.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist, the slow files first (in SLOW_FILES' order), the rest as
    collected; a run in one process keeps the collected order."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    rank = {name: place for place, name in enumerate(SLOW_FILES)}
    root = config.rootpath

    def key(item: pytest.Item) -> int:
        if not item.path.is_relative_to(root):
            return len(SLOW_FILES)
        return rank.get(item.path.relative_to(root).as_posix(), len(SLOW_FILES))

    items.sort(key=key)  # stable: each file's tests keep their order


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        where = f"the shared corpus is not at {CORPUS}"
        if os.environ.get(REQUIRE_CORPUS) == "1":
            pytest.fail(f"{where}, and {REQUIRE_CORPUS}=1 requires it")
        pytest.skip(f"{where} (set {REQUIRE_CORPUS}=1 to make this a failure)")
    return CORPUS


@pytest.fixture(scope="session")
def master_read(corpus: Path) -> Corpus:
    """The master snapshot as `read_corpus` reads it in place, in this process
    (each page whole, by the reader itself) and without the page cache: read
    once a session (two seconds of CPU), for every test that asserts on what
    it holds rather than on how it is read; tests/sources/test_corpus.py's
    serial read is this one. The pages are immutable: no test can change
    another's."""
    from checker.model.catalogue import default_catalogue
    from checker.sources.corpus import ReadOptions, read_corpus

    return read_corpus([str(corpus / "master")], default_catalogue(), options=ReadOptions(jobs=1))


@pytest.fixture(scope="session")
def npu_python() -> str:
    """The real torch 2.13.0 + torch-npu 2.13.0 environment, without CANN or pytest."""
    from tests.npu_env import npu_interpreter

    return npu_interpreter()


# What the shell may set that changes the CLI's output: colour, and the
# language of its messages. The tests of colour and language set them themselves.
_OUTPUT_VARIABLES = ("FORCE_COLOR", "NO_COLOR", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True, scope="session")
def _plain_output() -> Iterator[None]:
    """Exact outputs are English and without colour, whatever the shell's
    locale (a CI machine's may be zh_CN) and FORCE_COLOR."""
    saved = {name: os.environ.pop(name) for name in _OUTPUT_VARIABLES if name in os.environ}
    os.environ["LANG"] = "C.UTF-8"
    yield
    os.environ.pop("LANG", None)
    os.environ.update(saved)


@pytest.fixture(autouse=True, scope="session")
def _private_page_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests never read or write the user's page cache."""
    saved = os.environ.get("DOCS_CHECK_CACHE_DIR")
    os.environ["DOCS_CHECK_CACHE_DIR"] = str(tmp_path_factory.mktemp("page-cache"))
    yield
    if saved is None:
        os.environ.pop("DOCS_CHECK_CACHE_DIR", None)
    else:
        os.environ["DOCS_CHECK_CACHE_DIR"] = saved


Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Invoke:
    """docs-check in-process: (exit code, stdout, stderr), never a traceback."""
    from checker.cli import run

    def invoke(*argv: str) -> tuple[int, str, str]:
        code = run(list(argv))
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return invoke


@pytest.fixture
def cli_at_repo(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """docs-check run from the repository root, so that paths in its output are
    relative and stable; the shipped rules' folder is written `rules`."""
    monkeypatch.chdir(REPO)

    def invoke(*argv: str) -> tuple[int, str, str]:
        code, out, err = cli(*argv)
        return code, shipped_rules_as_written(out), shipped_rules_as_written(err)

    return invoke


# report --html (tests/site.py)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_small_site(tmp_path_factory.mktemp("small") / "site")


@pytest.fixture(scope="module")
def verify_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """verify's JSON report of the fixture docs on recorded evidence: an NPU
    run on Atlas A2, a CPU reference run and a fake torch_npu run, all under
    torch 2.13.0 (no live run)."""
    from checker.cli import run

    report = tmp_path_factory.mktemp("verify") / "verify.json"
    names = ("npu-a2-torch-2.13.0-pass", "cpu-reference-torch-2.13.0-pass")
    names += ("fake-npu-a3-torch-2.13.0-pass",)
    evidence = [arg for name in names for arg in ("--evidence", str(EVIDENCE / f"{name}.json"))]
    arguments = ["verify", str(SITE_DOCS), "--no-live", *evidence, "--format", "json"]
    run([*arguments, "-o", str(report)])  # exits 1: the rule's API is unverified elsewhere
    assert report.is_file()
    return report
