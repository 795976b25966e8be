"""The registry is one place: a verify verdict is re-levelled and ignored by the
configuration like any finding, and --strict / --require-npu win over it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.helpers import FIXTURES

DOCS = str(FIXTURES / "verify" / "docs")
FAILING_950 = FIXTURES / "verify" / "evidence" / "npu-950-torch-2.13.0-fail.json"
DENIES = "doc-denies-support-test-passes"


@pytest.fixture
def passing_950(tmp_path: Path) -> str:
    """The Ascend 950 run of 2.13.0 with every case passed: the docs deny
    support that the test shows."""
    record = json.loads(FAILING_950.read_text(encoding="utf-8"))
    for run in record["runs"]:
        run["verdict"] = "passed"
        for case in run["cases"]:
            case.update(passed=True, detail="")
    path = tmp_path / "npu-950-pass.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def verdicts(out: str) -> dict[tuple[str, str], tuple[str, str | None]]:
    return {
        (r["version"], r["product"]): (r["verdict"], r["severity"])
        for r in json.loads(out)["results"]
    }


def config(tmp_path: Path, body: str) -> str:
    path = tmp_path / "docs-check.toml"
    path.write_text(body, encoding="utf-8")
    return str(path)


def verify(cli: Invoke, evidence: str, *extra: str) -> tuple[int, str, str]:
    return cli("verify", DOCS, "--no-live", "--evidence", evidence, "--format", "json", *extra)


def test_by_default_a_denial_the_test_contradicts_is_a_warning(
    cli: Invoke, passing_950: str
) -> None:
    code, out, _ = verify(cli, passing_950)
    assert verdicts(out)[("2.13.0", "ascend-950")] == (DENIES, "warning")
    assert code == 0


def test_the_configuration_re_levels_the_verdict(
    cli: Invoke, passing_950: str, tmp_path: Path
) -> None:
    toml = config(tmp_path, f'[severity]\n"{DENIES}" = "error"\n')
    code, out, _ = verify(cli, passing_950, "--config", toml)
    assert verdicts(out)[("2.13.0", "ascend-950")] == (DENIES, "error")
    assert code == 1


def test_the_configuration_turns_the_verdict_off_and_keeps_its_row(
    cli: Invoke, passing_950: str, tmp_path: Path
) -> None:
    toml = config(tmp_path, f'[severity]\n"{DENIES}" = "off"\n')
    code, out, _ = verify(cli, passing_950, "--config", toml)
    assert verdicts(out)[("2.13.0", "ascend-950")] == (DENIES, None)
    assert code == 0


def test_an_ignore_applies_to_a_verdict_by_path_and_api(
    cli: Invoke, passing_950: str, tmp_path: Path
) -> None:
    strict_by_config = f'[severity]\n"{DENIES}" = "error"\n'
    ignore = (
        f'[[ignore]]\nrule = "{DENIES}"\npath = "torch-distributed-elastic.md"\n'
        'api = "*.put_metric"\nreason = "the 950 result is under review"\n'
    )
    code, out, _ = verify(cli, passing_950, "--config", config(tmp_path, strict_by_config + ignore))
    assert verdicts(out)[("2.13.0", "ascend-950")] == (DENIES, None)
    assert code == 0


def test_strict_on_the_command_line_wins_over_the_configuration(
    cli: Invoke, passing_950: str, tmp_path: Path
) -> None:
    toml = config(tmp_path, f'[severity]\n"{DENIES}" = "warning"\n')
    code, out, _ = verify(cli, passing_950, "--config", toml, "--strict")
    assert verdicts(out)[("2.13.0", "ascend-950")] == (DENIES, "error")
    assert code == 1


def test_require_npu_on_the_command_line_wins_over_the_configuration(
    cli: Invoke, passing_950: str, tmp_path: Path
) -> None:
    toml = config(tmp_path, '[severity]\n"unverified" = "off"\n')
    code, out, _ = verify(cli, passing_950, "--config", toml, "--require-npu")
    assert verdicts(out)[("2.13.0", "atlas-a2")] == ("unverified", "error")
    assert code == 3


def test_the_configuration_can_require_npu_evidence(
    cli: Invoke, passing_950: str, tmp_path: Path
) -> None:
    toml = config(tmp_path, '[severity]\n"unverified" = "error"\n')
    code, out, _ = verify(cli, passing_950, "--config", toml)
    assert verdicts(out)[("2.13.0", "atlas-a2")] == ("unverified", "error")
    assert code == 3


def test_an_id_the_registry_does_not_know_is_a_config_error(cli: Invoke, tmp_path: Path) -> None:
    toml = config(tmp_path, '[severity]\n"doc-denies-support" = "error"\n')
    code, out, err = cli("verify", DOCS, "--no-live", "--config", toml)
    assert (code, out) == (2, "")
    said = "'doc-denies-support' is a prefix of rule ids, not one id in severity"
    assert err == f"docs-check: error: {toml}:2: {said}\n"
