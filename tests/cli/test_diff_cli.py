"""`docs-check diff A B`: two versions, two languages or two git refs; the
APIs added and removed and the statuses changed, with both places; exit 0
either way unless --exit-code. The fixture: zh 2.12.0 and 2.13.0 pages (one
API added, one removed, one status changed) and an en 2.13.0 page (one API
missing, one status differing from zh)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import FIXTURES, REPO, git

DOCS = "tests/fixtures/diff"
ZH = f"{DOCS}/docs/zh/api/native_api/pytorch_2-1{{}}-0/torch.md"
EN = f"{DOCS}/docs/en/api/native_api/pytorch_2-13-0/torch.md"
Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    return cli_at_repo


def test_two_versions(cli: Invoke) -> None:
    code, out, err = cli("diff", "2.12.0", "2.13.0", DOCS)
    assert (code, err) == (0, "")
    # The en page has no 2.12.0 to compare with: it is no addition.
    assert out.splitlines() == [
        "2.12.0 → 2.13.0: APIs 1 added, 1 removed; statuses 1 changed",
        f"added    torch.new  zh  {ZH.format(3)}:11",
        f"removed  torch.old  zh  {ZH.format(2)}:11",
        "changed  torch.acos  zh  ascend-950: unsupported → supported  "
        f"{ZH.format(2)}:9 → {ZH.format(3)}:9",
    ]


def test_two_languages_per_version(cli: Invoke) -> None:
    code, out, err = cli("diff", "zh", "en", "--docs", DOCS)
    assert (code, err) == (0, "")
    changed = "changed  torch.acos  2.13.0  {}: supported → unsupported  {}:9 → {}:6"
    assert out.splitlines() == [
        "zh → en: APIs 0 added, 1 removed; statuses 3 changed",
        f"removed  torch.new  2.13.0  {ZH.format(3)}:11",
        *(changed.format(p, ZH.format(3), EN) for p in ("atlas-a2", "atlas-a3", "ascend-950")),
    ]


def test_markdown_for_release_notes(cli: Invoke) -> None:
    code, out, _ = cli("diff", "2.12.0", "2.13.0", DOCS, "--format", "markdown")
    assert code == 0
    assert out == (FIXTURES / "cli" / "diff.md").read_text(encoding="utf-8")


def test_exit_code_only_when_asked(cli: Invoke) -> None:
    assert cli("diff", "2.12.0", "2.13.0", DOCS, "--exit-code")[0] == 1
    assert cli("diff", "2.13.0", "2.13.0", DOCS, "--exit-code")[:2] == (
        0,
        "2.13.0 → 2.13.0: APIs 0 added, 0 removed; statuses 0 changed\n",
    )


def test_two_refs(cli: Invoke, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    page = repo / "docs/zh/api/native_api/pytorch_2-12-0/torch.md"
    page.parent.mkdir(parents=True)
    page.write_bytes((REPO / ZH.format(2)).read_bytes())
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "docs")
    page.write_bytes((REPO / ZH.format(3)).read_bytes())
    git(repo, "commit", "-q", "--no-gpg-sign", "-am", "2.13 statuses in the 2.12 folder")
    code, out, err = cli("diff", "--git", str(repo), "master~1", "master", "--format", "json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert (document["compared"], document["counts"]) == (
        "refs",
        {"added": 1, "removed": 1, "changed": 1},
    )
    (changed,) = [c for c in document["changes"] if c["kind"] == "changed"]
    where = "docs/zh/api/native_api/pytorch_2-12-0/torch.md"
    assert (changed["before"]["ref"], changed["before"]["path"]) == ("master~1", where)
    assert (changed["after"]["ref"], changed["after"]["status"]) == ("master", "supported")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("2.12.0", "master", DOCS),
            "diff 2.12.0 master: give two versions (2.12.0 2.13.0), two languages (zh en), "
            "or with --git REPO two refs",
        ),
        (
            ("2.12.0", "2.99.0", DOCS),
            "no pages of version 2.99.0 in the docs read (2.12.0, 2.13.0)",
        ),
        (("zh", "en", ZH.format(2)), "no docs version has both zh and en pages in the docs read"),
        (("--git", ".", "--ref", "HEAD", "a", "b"), "diff a b compares two refs: give no --ref"),
    ],
)
def test_what_cannot_be_compared_is_one_error(
    cli: Invoke, argv: tuple[str, ...], said: str
) -> None:
    code, out, err = cli("diff", *argv)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].endswith(said)
