"""Each version's test map kept by a digest of its inputs
(checker.testmap.kept): a warm run with the same inputs makes no link and
says the same; a change to any one input makes the map again, and says what
a run without the cache says; an entry cut short, damaged or stale is made
again, and one that matches its digest but does not decode is one error line."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import checker.app.tests as app_tests
import checker.app.tests_links as app_links
import checker.testmap.kept as kept
from checker.i18n import N_, message
from checker.model.finding import Severity
from checker.model.verdict import Verdict
from checker.testmap.backing import Share
from checker.testmap.cases import Case
from checker.testmap.codec import Codec
from checker.testmap.kept import VersionMap
from checker.testmap.links import Link
from tests.helpers import REPO

Invoke = Callable[..., tuple[int, str, str]]
FIXTURE = REPO / "tests/fixtures/testmap"
PAGE = "docs/docs/zh/api/native_api/pytorch_2-12-0/torch.md"
LIST = "test/unsupported_test_cases/.pytorch-disabled-tests.json"


@pytest.fixture
def mapped(cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """`docs-check tests docs --tests test ARGS` in a copy of the fixture, with
    a cache folder of its own: (exit, output, error, links made)."""
    work = tmp_path / "work"
    shutil.copytree(FIXTURE / "docs", work / "docs")
    shutil.copytree(FIXTURE / "test", work / "test")
    monkeypatch.chdir(work)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "cache"))
    made: list[str] = []
    tree_links = app_tests.tree_links

    def counted(tree: Any, *args: Any) -> Any:
        made.append(tree.label)
        return tree_links(tree, *args)

    monkeypatch.setattr(app_tests, "tree_links", counted)

    def run(*argv: str) -> tuple[int, str, str, int]:
        made.clear()
        code, out, err = cli("tests", "docs", "--tests", "test", "--format", "json", *argv)
        return code, out, err, len(made)

    return run


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "test-map-versions").rglob("*.bin"))


def test_a_warm_run_makes_no_link_and_says_the_same(mapped: Any, tmp_path: Path) -> None:
    code, out, err, made = mapped()
    assert (code, made) == (0, 1)
    assert len(entries(tmp_path / "cache")) == 1
    assert mapped() == (code, out, err, 0)


def _edit(path: str, old: str, new: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    assert old in text
    Path(path).write_text(text.replace(old, new, 1), encoding="utf-8")


def _page(_: pytest.MonkeyPatch) -> None:
    _edit(PAGE, "| <term>Ascend 950DT</term> | ✔ |", "| <term>Ascend 950DT</term> | ✘ |")


def _module(_: pytest.MonkeyPatch) -> None:
    with Path("test/test_ops.py").open("a", encoding="utf-8") as module:
        module.write("\n\ndef test_added():\n    import torch\n    torch.abs(torch.ones(1))\n")


def _disabled_list(_: pytest.MonkeyPatch) -> None:
    _edit(LIST, '"test_synchronize (__main__.TestObjects)": ["", ["A2"]]', '"x": ["", [""]]')


def _tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_links, "op_db_key", lambda root: "other tables")


def _catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_tests, "catalogue_fingerprint", lambda catalogue: b"other")


def _code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "_SALT", "another docs-check")


def _rules(monkeypatch: pytest.MonkeyPatch) -> None:
    rule_links = app_tests.rule_links
    extra = Link("torch.sort", "test/test_ops.py::test_sort", "rule", 0, True, None, "x.py")
    monkeypatch.setattr(app_tests, "rule_links", lambda rules: [*rule_links(rules), extra])


CHANGES = {
    "a docs page": _page,
    "a test module": _module,
    "the tree's disabled list": _disabled_list,
    "the OpInfo tables": _tables,
    "the catalogue": _catalogue,
    "docs-check's code": _code,
    "the rules' links": _rules,
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_changed_input_makes_the_map_again(
    mapped: Any, cli: Invoke, monkeypatch: pytest.MonkeyPatch, change: Any
) -> None:
    assert mapped()[3] == 1
    assert mapped()[3] == 0
    change(monkeypatch)
    code, out, err, made = mapped()
    assert made == 1
    assert (code, out, err) == cli(
        "tests", "docs", "--tests", "test", "--format", "json", "--no-cache"
    )
    assert mapped() == (code, out, err, 0)  # and keeps the new map


def test_a_changed_list_given_by_disabled_makes_the_map_again(mapped: Any, tmp_path: Path) -> None:
    given = tmp_path / "given"
    given.mkdir()
    (given / ".pytorch-disabled-tests.json").write_text("{}\n", encoding="utf-8")
    first = mapped("--disabled", f"2.12.0={given}")
    assert first[3] == 1
    assert "claim-tests-disabled" not in first[1]
    shutil.copy(LIST, given / ".pytorch-disabled-tests.json")
    _, out, _, made = mapped("--disabled", f"2.12.0={given}")
    assert made == 1
    assert "claim-tests-disabled" in out


def _cut(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-100])


def _flipped(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-50] ^= 1
    path.write_bytes(bytes(data))


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00not a kept map\n")


def _stale(path: Path) -> None:
    head, _, rest = path.read_bytes().partition(b"\n")
    document = json.loads(head)
    document["format"] = "docs-check/test-map-version/0"
    path.write_bytes(json.dumps(document).encode() + b"\n" + rest)


def _emptied(path: Path) -> None:
    path.write_bytes(b"")


DAMAGE = {
    "cut short": _cut,
    "a byte changed": _flipped,
    "not one": _garbage,
    "another format": _stale,
    "empty": _emptied,
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_or_stale_entry_is_made_again(
    mapped: Any, tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    code, out, err, _ = mapped()
    (entry,) = entries(tmp_path / "cache")
    damage(entry)
    assert mapped() == (code, out, err, 1)
    assert mapped() == (code, out, err, 0)  # written again, whole


def test_an_entry_matching_its_digest_that_does_not_decode_is_one_error_line(
    mapped: Any, tmp_path: Path
) -> None:
    mapped()
    (entry,) = entries(tmp_path / "cache")
    head_line, _, rest = entry.read_bytes().partition(b"\n")
    body, _, _ = rest.partition(b"\n")
    import zlib

    forged = body + b"\n" + zlib.compress(b'{"strings":[],"rows":[[1,2,3]]}')
    head = json.loads(head_line)
    head["digest"] = hashlib.sha256(forged).hexdigest()
    entry.write_bytes(json.dumps(head).encode() + b"\n" + forged)
    code, out, err, made = mapped()
    assert (code, out, made) == (2, "", 0)
    assert err.splitlines()[-1] == (
        f"docs-check: error: {entry}: a test map cache entry that docs-check did not write "
        "(not a Link); remove it, or run with --no-cache"
    )


def test_no_cache_keeps_nothing(mapped: Any, tmp_path: Path) -> None:
    assert mapped("--no-cache")[3] == 1
    assert mapped("--no-cache")[3] == 1
    assert entries(tmp_path / "cache") == []


# the codec: generic over the classes, every value's type checked


@dataclasses.dataclass(frozen=True)
class Wider:
    """A link with a field more (as the device-aware map adds one)."""

    api: str
    case: Case | None
    npu: bool = True


def test_a_field_added_to_a_class_is_written_and_read_with_no_edit() -> None:
    codec = Codec(Wider)
    values = [Wider("torch.abs", Case("T", "test_abs", 3, ("_float32",)), False), Wider("x", None)]
    assert codec.decode(json.loads(json.dumps(codec.encode(values)))) == values
    assert codec.shape.endswith(",npu:bool)")
    assert Codec(Link).shape != Codec(Wider).shape


def test_a_version_map_and_its_verdicts_round_trip_with_their_messages() -> None:
    link = Link("torch.abs", "t.py::T::test_abs", "call", 3, True, Case("T", "test_abs", 3))
    said = message(N_("{tests} and {count} more"), tests="a, b", count=2)
    verdict = Verdict(
        "claim-unbacked", Severity.WARNING, "torch.abs", "2.12.0", ("a2",), "p.md", 4, 3, said
    )
    share = Share("2.12.0", "a2", 3, 1, (("call", 1),))
    version = VersionMap(
        "2.12.0", "test", None, 1, 2, 3, (("call", 1),), 1, (link,), (share,),
        (("torch.abs", ("a2",)),), frozenset({"torch.abs"}), (("t.py::T::x", ("a2",)),),
    )  # fmt: skip
    codec = Codec(VersionMap, {"Link": Link, "Share": Share, "Verdict": Verdict})
    assert codec.decode(json.loads(json.dumps(codec.encode([version])))) == [version]
    (back,) = Codec(Verdict).decode(json.loads(json.dumps(Codec(Verdict).encode([verdict]))))
    assert back == verdict
    assert (back.detail.template, back.detail.args) == (said.template, said.args)


GOOD = [0, 0, 0, 3, True, [0, 0, 3, [0], False, False], 0, 0]


@pytest.mark.parametrize(
    "row",
    [
        ["x", *GOOD[1:]],  # a string not through the table
        [5, *GOOD[1:]],  # an index past the table
        [-1, *GOOD[1:]],
        [True, *GOOD[1:]],
        [*GOOD, 0],  # a field too many
        [*GOOD[:3], "3", *GOOD[4:]],  # an int as a string
        [*GOOD[:4], 1, *GOOD[5:]],  # a bool as an int
        [*GOOD[:5], [0, 0, 3, [0], False], 0, 0],  # a case with a field too few
        [*GOOD[:5], [0, 0, 3, 0, False, False], 0, 0],  # its variants not a list
    ],
)
def test_a_value_of_another_type_does_not_decode(row: list[Any]) -> None:
    codec = Codec(Link)
    good = {"strings": ["x"], "rows": [GOOD]}
    assert codec.decode(json.loads(json.dumps(good))) == [
        Link("x", "x", "x", 3, True, Case("x", "x", 3, ("x",)), "x", "x")
    ]
    with pytest.raises((ValueError, LookupError)):
        codec.decode({"strings": ["x"], "rows": [row]})
