"""checker.model.said: what an entry says of each product at its page's
torch-npu release, the release read from the page's name, never its entry's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue, load_catalogue
from checker.model.docfile import DocFile
from checker.model.said import known, said_of
from checker.model.support import Page
from checker.read.reader import read_text
from tests.model.test_catalogue import TIMED, write

INSIDE = "docs/zh/native_apis/pytorch_2-7-1/torch-x.md"
OLD = f"/corpus/rows-v2.7.1-7.3.0/{INSIDE}"
MASTER = "/corpus/master/docs/zh/api/native_api/pytorch_2-7-1/torch-x.md"
ROWS = """# torch.x

|API名称|是否支持|限制与说明|
|--|--|--|
|torch.x.plain|是|-|
|torch.x.named|是，暂不支持<term>Ascend 950DT</term>|-|
|torch.x.train|<term>Atlas 训练系列产品</term>：是|-|
|torch.x.none|否|-|
"""


def page_at(path: str, text: str = ROWS, catalogue: Catalogue | None = None) -> Page:
    """`text` read as a zh 2.7.1 page named `path` (a `ref:path` is placed at
    the ref, its entries keeping the path inside the tree, as a read at a
    ref makes them)."""
    ref, _, inside = path.rpartition(":")
    page = read_text(text, DocFile(inside, "2.7.1", "zh"), catalogue or default_catalogue())
    return dataclasses.replace(page, path=path, tree=ref) if ref else page


def statuses(page: Page, catalogue: Catalogue | None = None) -> dict[str, dict[str, str]]:
    catalogue = catalogue or default_catalogue()
    return {entry.api: said_of(catalogue, page, entry) for entry in page.entries}


@pytest.mark.parametrize(
    ("path", "scope"),
    [
        (OLD, ("old", "from")),
        ("v2.6.0-7.1.0:docs/zh/native_apis/pytorch_2-6-0/torch-x.md", ("old",)),
        ("v2.8.0-7.4.0:docs/zh/native_apis/pytorch_2-8-0/torch-x.md", ("old", "from", "after")),
        (MASTER, ("old", "from", "after")),
        ("docs/zh/api/native_api/pytorch_2-7-1/torch-x.md", ("old", "from", "after")),
    ],
)
def test_known_at_a_page(tmp_path: Path, path: str, scope: tuple[str, ...]) -> None:
    write(tmp_path, TIMED)
    catalogue = load_catalogue(tmp_path / "catalogue.toml")
    assert known(catalogue, page_at(path, "# torch.x\n", catalogue)) == scope


def test_a_page_of_7_3_0_says_nothing_of_ascend_950_unless_it_names_it() -> None:
    said = statuses(page_at(OLD))
    assert said["torch.x.plain"] == {"atlas-a2": "supported", "atlas-a3": "supported"}
    # explicit wins: the page is taken at its word
    assert said["torch.x.named"] == {
        "atlas-a2": "supported",
        "atlas-a3": "supported",
        "ascend-950": "unsupported",
    }
    # a named product outside the scope is not brought in
    assert said["torch.x.train"] == {"atlas-a2": "unstated", "atlas-a3": "unstated"}
    assert said["torch.x.none"] == {"atlas-a2": "unsupported", "atlas-a3": "unsupported"}


def test_the_release_is_the_pages_not_its_entrys() -> None:
    """At a ref, the entries of a blob name the path inside the tree, which
    tells no release: the page at 7.3.0's ref and at 26.1.0's say otherwise."""
    old = page_at(f"origin/v2.7.1-7.3.0:{INSIDE}")
    new = page_at(f"origin/v2.7.1-26.1.0:{INSIDE}")
    assert old.entries[0].path == new.entries[0].path == INSIDE
    assert statuses(old)["torch.x.plain"] == {"atlas-a2": "supported", "atlas-a3": "supported"}
    assert statuses(new)["torch.x.plain"] == dict.fromkeys(
        ("atlas-a2", "atlas-a3", "ascend-950"), "supported"
    )
    # placed or not, an entry of the page is told the page's release
    placed = [old.placed(entry) for entry in old.entries]
    assert [said_of(default_catalogue(), old, e) for e in placed] == list(statuses(old).values())


def test_a_page_of_no_release_is_current() -> None:
    said = statuses(page_at(MASTER))
    assert said["torch.x.plain"] == dict.fromkeys(
        ("atlas-a2", "atlas-a3", "ascend-950"), "supported"
    )


def test_an_entry_with_no_status_states_nothing_of_what_its_release_knows() -> None:
    lone = "# torch.x\n\n## torch.x.lone\n\n**原生文档**：[torch.x.lone](https://pytorch.org/docs/2.7/x.html#torch.x.lone)\n"
    said = statuses(page_at(OLD, lone))
    assert said == {"torch.x.lone": {"atlas-a2": "unstated", "atlas-a3": "unstated"}}


def test_the_950pr_is_outside_the_default_scope_until_named() -> None:
    """The docs write only the 950DT: a plain 是 says nothing of the 950PR; a
    status that names it brings it in only where a scope holds it."""
    from checker.model.said import spoken_of
    from checker.model.status import read_status

    catalogue = default_catalogue()
    timed = [p.id for p in catalogue.products if p.since is not None]
    assert timed == ["ascend-950", "ascend-950pr"]
    named = read_status("是，暂不支持 Ascend 950DT；Ascend 950PR：是", catalogue).status
    assert named is not None
    now = catalogue.scope_at(None)
    assert spoken_of(catalogue, now, named) == ("atlas-a2", "atlas-a3", "ascend-950")
    wider = catalogue.with_scope((*catalogue.scope, "ascend-950pr"))
    assert spoken_of(wider, wider.scope_at(None), named)[-1] == "ascend-950pr"
    assert wider.scope_at("7.3.0") == ("atlas-a2", "atlas-a3")


@pytest.mark.parametrize(
    ("ref", "release", "knows_950"),
    [
        ("v26.0.0-pytorch2.7.1", "26.0.0", False),
        ("v26.1.0-beta.1-pytorch2.10.0", "26.1.0", True),
        ("v7.2.RC1.alpha001-pytorch2.1.0", "7.2.rc1", False),
        ("v26.2.0-0day-pytorch2.13.0", "26.2.0", True),
        ("origin/v2.7.1-26.0.0", "26.0.0", False),
        ("origin/v2.7.1-26.1.0", "26.1.0", True),
        ("v2.12.0", None, True),  # a torch release branch (tests): no docs release
    ],
)
def test_a_release_tag_tells_the_release_as_a_release_branch_does(
    ref: str, release: str | None, knows_950: bool
) -> None:
    """torch-npu tags its releases v<release>-pytorch<torch>; its 26.0.x docs
    name no Ascend 950 (the shipped catalogue's since: 26.1.0), so a plain 是
    there says nothing of it."""
    from checker.model.version import page_release

    assert page_release(f"{ref}:docs/zh/native_apis/pytorch_2-7-1/x.md") == release
    assert ("ascend-950" in default_catalogue().scope_at(release)) is knows_950
