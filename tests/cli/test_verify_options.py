"""verify's options for runs across releases: --test-ref VERSION=REF, and
--python-for VERSION=PATH without --resolve-apis. Their mistakes are usage
errors (exit 2) that name the value."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Invoke = Callable[..., tuple[int, str, str]]
DOCS = "examples/docs"


@pytest.mark.parametrize("value", ["2.7", "2.7.1", "2.7.1=", "=v2.7.1", "v2.7.1=v2.7.1"])
def test_a_test_ref_must_be_version_equals_ref(cli_at_repo: Invoke, value: str) -> None:
    code, out, err = cli_at_repo("verify", DOCS, "--no-live", "--test-ref", value)
    assert (code, out) == (2, "")
    said = (
        f"Invalid value for '--test-ref': {value!r} is not VERSION=REF (for example 2.7.1=v2.7.1)"
    )
    assert err.splitlines()[-1] == f"Error: {said}"


def test_a_version_given_two_test_refs(cli_at_repo: Invoke) -> None:
    argv = ("verify", DOCS, "--no-live", "--test-ref", "2.7.1=a", "--test-ref", "2.7.1=b")
    code, _, err = cli_at_repo(*argv)
    assert code == 2
    assert err.splitlines()[-1].endswith("2.7.1 is given two refs: a and b")


def test_python_for_is_verifys_own_option_too(cli_at_repo: Invoke) -> None:
    """Without --resolve-apis it only serves the runs; with --no-live, none."""
    argv = ("verify", DOCS, "--no-live", "--python-for", "2.12.0=/no/such/python", "-q")
    code, _, err = cli_at_repo(*argv)
    assert code == 1  # the example docs differ from the rule; nothing was run
    assert "needs --resolve-apis" not in err


def test_an_unknown_test_ref_is_one_line(cli_at_repo: Invoke) -> None:
    argv = ("verify", DOCS, "--api", "torch.distributed.elastic.metrics.put_metric")
    # a name no branch of this checkout is close to (a clone may hold any
    # branches; one close to the name would be suggested)
    missing = "qqxq-zzvz"
    code, out, err = cli_at_repo(
        *argv, "--git", ".", "--ref", "HEAD", "--test-ref", f"2.12.0={missing}"
    )
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: .: no such ref '{missing}'\n"


def test_git_with_test_refs_only_reads_the_docs_from_the_working_tree(
    cli_at_repo: Invoke,
) -> None:
    argv = ("verify", DOCS, "--no-live", "-q", "--git", ".", "--test-ref", "2.13.0=HEAD")
    code, out, err = cli_at_repo(*argv)
    assert code == 1, err  # the example docs differ from the rule
    assert "examples/docs/docs/" in out and "HEAD:" not in out
    code, _, err = cli_at_repo("verify", DOCS, "--no-live", "--git", ".")
    assert code == 2
    assert err.splitlines()[-1] == "Error: --git needs at least one --ref, --test-ref or --base"
