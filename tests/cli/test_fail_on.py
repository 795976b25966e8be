"""--fail-on error|warning (and the configuration's `fail-on`): warnings alone
do not fail a run by default; `--fail-on warning` makes them. The pre-commit
hook passes `--fail-on warning`, since pre-commit shows a passing hook's
output to no one."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.outcome import FailOn, fails
from tests.conftest import Invoke
from tests.helpers import REPO

PAGE = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
WARNING = (  # nonstandard-mark is a warning: selected alone, the run has warnings only
    f"{PAGE}:56: nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘\n"
)
SUMMARY = "1 finding (0 errors, 1 warning) in 1 file, 4 entries\n"


@pytest.fixture
def at_repo(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    monkeypatch.chdir(REPO)
    return cli


def test_fails_by_level() -> None:
    assert not fails(["warning", None])
    assert fails(["warning"], FailOn.WARNING)
    assert fails(["error"]) and fails(["error"], FailOn.WARNING)
    assert not fails([None], FailOn.WARNING)


def test_warnings_alone_pass_by_default(at_repo: Invoke) -> None:
    assert at_repo("lint", PAGE, "--select", "nonstandard-mark") == (0, WARNING, SUMMARY)
    code, out, _ = at_repo("lint", PAGE, "--select", "nonstandard-mark", "--fail-on", "error")
    assert (code, out) == (0, WARNING)


def test_fail_on_warning_fails_on_warnings(at_repo: Invoke) -> None:
    code, out, err = at_repo("lint", PAGE, "--select", "nonstandard-mark", "--fail-on", "warning")
    assert (code, out, err) == (1, WARNING, SUMMARY)


def test_errors_fail_either_way(at_repo: Invoke) -> None:
    assert at_repo("lint", PAGE)[0] == 1
    assert at_repo("lint", PAGE, "--fail-on", "warning")[0] == 1


def test_the_configuration_sets_it_and_the_command_line_wins(
    at_repo: Invoke, tmp_path: Path
) -> None:
    config = tmp_path / ".docs-check.toml"
    config.write_text('fail-on = "warning"\n', encoding="utf-8")
    args = ("lint", PAGE, "--select", "nonstandard-mark", "--config", str(config))
    assert at_repo(*args)[0] == 1
    assert at_repo(*args, "--fail-on", "error")[0] == 0


def test_a_bad_value_names_path_and_line(at_repo: Invoke, tmp_path: Path) -> None:
    config = tmp_path / ".docs-check.toml"
    config.write_text('docs = ["docs"]\nfail-on = "warnings"\n', encoding="utf-8")
    code, out, err = at_repo("lint", PAGE, "--config", str(config))
    assert (code, out) == (2, "")
    assert err == (
        f'docs-check: error: {config}:2: \'fail-on\' must be "error" or "warning" '
        "(the lowest level that fails a run), not 'warnings'\n"
    )


def test_a_bad_option_value_is_a_usage_error(at_repo: Invoke) -> None:
    code, _, err = at_repo("lint", PAGE, "--fail-on", "info")
    assert code == 2
    assert "Invalid value for '--fail-on': 'info' is not one of 'error', 'warning'." in err


def test_verify_verdicts_follow_it(at_repo: Invoke, tmp_path: Path) -> None:
    """verify's verdicts re-levelled to warnings pass by default, fail with
    --fail-on warning (its `unverified` verdicts never fail either way)."""
    config = tmp_path / ".docs-check.toml"
    config.write_text('[severity]\ndoc-differs-from-rule = "warning"\n', encoding="utf-8")
    args = ("verify", "examples/docs", "--no-live", "--config", str(config))
    code, _, err = at_repo(*args)
    assert code == 0, err
    assert err.endswith("; 0 findings; exit 0\n")
    code, _, err = at_repo(*args, "--fail-on", "warning")
    assert code == 1
    assert err.endswith("; 0 findings; exit 1\n")


def test_the_pre_commit_hook_fails_on_warnings(at_repo: Invoke) -> None:
    """The hook's `args` hold `--fail-on warning`: what it reports fails the
    commit (`--staged`: what the commit touched, tests/cli/test_changed.py),
    and so do the whole-file hook's."""
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    lint_hook = hooks.split("\n- id: docs-check\n")[1].split("\n- id:")[0]
    assert "  entry: docs-check lint\n  args: [--staged, --fail-on, warning]\n" in lint_hook
    whole_hook = hooks.split("\n- id: docs-check-all\n")[1].split("\n- id:")[0]
    assert "  entry: docs-check lint\n  args: [--fail-on, warning]\n" in whole_hook
    code, out, _ = at_repo("lint", "--fail-on", "warning", "--select", "nonstandard-mark", PAGE)
    assert (code, out) == (1, WARNING)
