"""The one exit policy: input errors before failures, failures before
verification that could not be done."""

from __future__ import annotations

import pytest

from checker.outcome import ExitCode, Outcome, Unverified, exit_code


@pytest.mark.parametrize(
    ("errors", "failed", "unverified", "code"),
    [
        ((), False, (), ExitCode.CLEAN),
        ((), True, (), ExitCode.FAILED),
        (("x.md: not UTF-8",), True, (Unverified.NPU,), ExitCode.INPUT),
        ((), True, (Unverified.NPU,), ExitCode.FAILED),
        ((), False, (Unverified.NPU,), ExitCode.UNVERIFIED),
        ((), False, (Unverified.VERSIONS,), ExitCode.UNVERIFIED),
    ],
)
def test_exit_code(
    errors: tuple[str, ...], failed: bool, unverified: tuple[Unverified, ...], code: ExitCode
) -> None:
    assert exit_code(errors, failed, unverified) is code
    assert Outcome("lint", None, errors, failed, unverified).exit_code is code


def test_the_codes_are_the_documented_numbers() -> None:
    assert [int(code) for code in ExitCode] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("errors", "failed", "unverified"),
    [
        ((), True, ()),
        (("x.md: not UTF-8",), True, ()),
        ((), False, (Unverified.NPU,)),
    ],
)
def test_a_report_that_carries_its_errors_exits_zero_and_judges_the_same(
    errors: tuple[str, ...], failed: bool, unverified: tuple[Unverified, ...]
) -> None:
    """lintrunner's protocol: what the run found is in the report, the exit
    code says only that it ran; `judged` still says what it found."""
    carried = Outcome("lint", None, errors, failed, unverified, in_band=True)
    assert carried.exit_code is ExitCode.CLEAN
    assert carried.judged is exit_code(errors, failed, unverified)
    assert carried.judged is not ExitCode.CLEAN
