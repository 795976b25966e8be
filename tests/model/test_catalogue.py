"""The hardware catalogue: names, npu codes, SoC prefixes, scope, the release a
product exists from and the scope of a page, loading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.errors import DataError
from checker.model.catalogue import (
    Catalogue,
    default_catalogue,
    load_catalogue,
    name_key,
    names_pattern,
)
from tests.helpers import REPO


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "catalogue.toml"
    path.write_text(text, encoding="utf-8")
    return path


# -- names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "product"),
    [
        ("Atlas A2 训练系列产品", "atlas-a2"),
        ("Atlas A2训练系列产品", "atlas-a2"),
        ("AtlasA2训练系列产品", "atlas-a2"),
        ("  atlas a2 训练系列产品 ", "atlas-a2"),
        ("Atlas A3训练系列产品", "atlas-a3"),
        ("ATLAS A3 TRAINING SERIES PRODUCTS", "atlas-a3"),
        ("Ascend 950DT", "ascend-950"),
        ("Ascend950DT系列产品", "ascend-950"),
        # the bare family name is the 950DT's (rules/catalogue.toml says why)
        ("Ascend 950", "ascend-950"),
        ("Ascend 950 系列产品", "ascend-950"),
        # the 950PR is a product of its own
        ("Ascend 950PR", "ascend-950pr"),
        ("ascend950pr系列产品", "ascend-950pr"),
        ("Atlas 训练系列产品", "atlas-train"),
        ("Atlas 200I/500 A2 推理产品", "atlas-200i-500-a2"),
    ],
)
def test_by_name_ignores_space_and_case(name: str, product: str, catalogue: Catalogue) -> None:
    assert catalogue.by_name(name) == product


@pytest.mark.parametrize("name", ["Atlas Z9 训练系列产品", "Ascend 960", "", "Atlas A"])
def test_by_name_unknown(name: str, catalogue: Catalogue) -> None:
    assert catalogue.by_name(name) is None


def test_name_key_folds_space_and_case() -> None:
    assert name_key("Atlas A2 训练系列产品") == name_key("atlas  a2训练系列产品")
    assert name_key("Atlas A2") != name_key("Atlas A3")


def test_find_name_takes_the_longest_name(catalogue: Catalogue) -> None:
    text = "Atlas A2 训练系列产品：是"
    # "Atlas A2" is a name too; the longer one must win
    assert catalogue.find_name(text, 0) == ("atlas-a2", len("Atlas A2 训练系列产品"))
    assert catalogue.find_name("Atlas A2：是", 0) == ("atlas-a2", len("Atlas A2"))


@pytest.mark.parametrize(
    ("text", "product", "name"),
    [
        ("Ascend 950PR：是", "ascend-950pr", "Ascend 950PR"),
        ("Ascend 950PR 系列产品：是", "ascend-950pr", "Ascend 950PR 系列产品"),
        ("Ascend 950DT：是", "ascend-950", "Ascend 950DT"),
        ("Ascend 950：是", "ascend-950", "Ascend 950"),
    ],
)
def test_the_family_name_never_takes_the_start_of_a_product_name(
    text: str, product: str, name: str, catalogue: Catalogue
) -> None:
    """The family name starts "Ascend 950PR": the longer name, another product, wins."""
    assert catalogue.find_name(text, 0) == (product, len(name))
    assert catalogue.next_name("暂不支持" + text, 0) == (product, 4, 4 + len(name))


def test_find_name_at_a_position_and_with_other_spacing(catalogue: Catalogue) -> None:
    text = "暂不支持Ascend950DT 系列产品"
    start = len("暂不支持")
    assert catalogue.find_name(text, start) == ("ascend-950", len(text))
    assert catalogue.find_name(text, 0) is None


# -- npu codes and SoC names ---------------------------------------------------


@pytest.mark.parametrize(
    ("code", "product"),
    [
        ("910b", "atlas-a2"),
        ("A3", "atlas-a3"),
        ("950", "ascend-950"),
        ("910", "atlas-train"),
        ("310p", "atlas-infer"),
        ("310b", "atlas-200i-500-a2"),
        # codes are case-sensitive
        ("910B", None),
        ("a3", None),
        ("310P", None),
        ("", None),
    ],
)
def test_by_npu_is_case_sensitive(code: str, product: str | None, catalogue: Catalogue) -> None:
    assert catalogue.by_npu(code) == product


@pytest.mark.parametrize(
    ("soc", "product"),
    [
        ("Ascend910_9382", "atlas-a3"),
        ("Ascend910_9362", "atlas-a3"),
        ("Ascend910B3", "atlas-a2"),
        ("Ascend910B4-1", "atlas-a2"),
        ("Ascend950DT_9591", "ascend-950"),
        ("Ascend950DT_9582x", "ascend-950"),
        ("Ascend950DT_95A1", "ascend-950"),
        # the other Ascend 950 family: a product of its own
        ("Ascend950PR_9579", "ascend-950pr"),
        ("Ascend950PR_957bx", "ascend-950pr"),
        ("Ascend950", None),  # the family's stem is of neither product
        ("Ascend950XY_9579", None),
        ("Ascend910A", "atlas-train"),
        ("Ascend910ProB", "atlas-train"),
        ("Ascend310P3", "atlas-infer"),
        ("Ascend310B1", "atlas-200i-500-a2"),
        ("Ascend910", None),  # shorter than every prefix
        ("Ascend310", None),
        ("ascend910B3", None),  # prefixes are compared as written
        ("", None),
    ],
)
def test_by_soc(soc: str, product: str | None, catalogue: Catalogue) -> None:
    assert catalogue.by_soc(soc) == product


@pytest.mark.parametrize("order", ["short first", "long first"])
def test_overlapping_soc_prefixes_are_refused_whatever_the_order(
    tmp_path: Path, order: str
) -> None:
    """A prefix of another product's prefix would make a SoC name of both
    products (Ascend950 took the Ascend950PR_ names as the 950DT's): refused,
    whichever comes first."""
    short = '[[product]]\nid = "base"\nsoc = ["Ascend910"]\n'
    long = '[[product]]\nid = "special"\nsoc = ["Ascend910_93"]\n'
    body = short + long if order == "short first" else long + short
    path = write(tmp_path, body)
    with pytest.raises(DataError) as raised:
        load_catalogue(path)
    later, earlier = ("special", "base") if order == "short first" else ("base", "special")
    prefixes = {"base": "'Ascend910'", "special": "'Ascend910_93'"}
    assert str(raised.value) == (
        f"{path}: product {later}: SoC prefix {prefixes[later]} overlaps "
        f"{prefixes[earlier]} of product {earlier}: a SoC name would be of both"
    )


def test_prefixes_that_keep_apart_load_and_one_product_may_repeat_its_own(
    tmp_path: Path,
) -> None:
    body = (
        '[[product]]\nid = "dt"\nsoc = ["Ascend950DT", "Ascend950DT_95"]\n'
        '[[product]]\nid = "pr"\nsoc = ["Ascend950PR"]\n'
    )
    catalogue = load_catalogue(write(tmp_path, body))
    assert catalogue.by_soc("Ascend950DT_9591") == "dt"
    assert catalogue.by_soc("Ascend950PR_9579") == "pr"
    assert catalogue.by_soc("Ascend950") is None


# -- scope ---------------------------------------------------------------------


def test_default_scope(catalogue: Catalogue) -> None:
    assert catalogue.scope == ("atlas-a2", "atlas-a3", "ascend-950")


def test_ids_in_file_order(catalogue: Catalogue) -> None:
    assert catalogue.ids == (
        "atlas-a2",
        "atlas-a3",
        "ascend-950",
        "ascend-950pr",
        "atlas-train",
        "atlas-infer",
        "atlas-200i-500-a2",
    )


def test_with_scope(catalogue: Catalogue) -> None:
    narrowed = catalogue.with_scope(("atlas-train", "atlas-a2"))
    assert narrowed.scope == ("atlas-train", "atlas-a2")
    assert narrowed.products == catalogue.products
    assert narrowed.by_name("Atlas A3 训练系列产品") == "atlas-a3"
    assert catalogue.scope == ("atlas-a2", "atlas-a3", "ascend-950")  # unchanged


def test_with_scope_rejects_an_unknown_id(catalogue: Catalogue) -> None:
    with pytest.raises(DataError, match="atlas-z9"):
        catalogue.with_scope(("atlas-a2", "atlas-z9"))


# -- since: the release a product exists from -----------------------------------

TIMED = """
[scope]
default = ["old", "from", "after"]

[[product]]
id = "old"

[[product]]
id = "from"
since = "7.3.0"

[[product]]
id = "after"
since = ">7.3.0"
"""


def test_since_as_written(tmp_path: Path) -> None:
    catalogue = load_catalogue(write(tmp_path, TIMED))
    assert [p.since for p in catalogue.products] == [None, "7.3.0", ">7.3.0"]


@pytest.mark.parametrize(
    ("release", "existing"),
    [
        ("6.0.rc1", ("old",)),
        ("7.2.0", ("old",)),
        ("7.3.0", ("old", "from")),  # `since = "7.3.0"` includes 7.3.0 ...
        ("7.3.1", ("old", "from", "after")),  # ... `">7.3.0"` only what follows it
        ("8.0.rc1", ("old", "from", "after")),
        (None, ("old", "from", "after")),  # no known release: current
    ],
)
def test_exists_at(tmp_path: Path, release: str | None, existing: tuple[str, ...]) -> None:
    catalogue = load_catalogue(write(tmp_path, TIMED))
    assert tuple(p.id for p in catalogue.products if p.exists_at(release)) == existing


@pytest.mark.parametrize(
    "since",
    ['"7.3"', '"v7.3.0"', '">=7.3.0"', '"> 7.3.0"', '"<7.3.0"', '"7.3.0 "', '""', "7", '["7.3.0"]'],
)
def test_load_rejects_a_bad_since(tmp_path: Path, since: str) -> None:
    path = write(tmp_path, f'[[product]]\nid = "x"\n[[product]]\nid = "y9"\nsince = {since}\n')
    with pytest.raises(DataError) as raised:
        load_catalogue(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: product y9: since must be a torch-npu release")
    assert "\n" not in message.strip()


@pytest.mark.parametrize("since", ["6.0.rc1", "6.0.RC1", ">6.0.rc1", "10.12.3"])
def test_load_accepts_release_names(tmp_path: Path, since: str) -> None:
    path = write(tmp_path, f'[[product]]\nid = "x"\nsince = "{since}"\n')
    assert load_catalogue(path).products[0].since == since


# -- loading -------------------------------------------------------------------


def test_default_catalogue_is_the_shipped_file() -> None:
    assert load_catalogue(REPO / "rules" / "catalogue.toml") == default_catalogue()
    assert load_catalogue() == default_catalogue()


def test_load_a_small_catalogue(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[scope]
default = ["x1"]

[[product]]
id = "x1"
names = ["Widget X1 系列产品", "Widget X1"]
npu = ["x1"]
soc = ["WidgetX1"]

[[product]]
id = "x2"
names = ["Widget X2"]
""",
    )
    catalogue = load_catalogue(path)
    assert catalogue.ids == ("x1", "x2")
    assert catalogue.scope == ("x1",)
    assert catalogue.by_name("widget x1系列产品") == "x1"
    assert catalogue.by_name("Widget X2") == "x2"
    assert catalogue.by_npu("x1") == "x1"
    assert catalogue.by_npu("x2") is None  # no codes given
    assert catalogue.by_soc("WidgetX1-7") == "x1"


@pytest.mark.parametrize(
    ("body", "hint"),
    [
        ('[[product]\nid = "x"\n', ""),  # broken TOML
        ('[[product]]\nid = "x"\nnames = "Widget X"\n', "names"),
        ('[[product]]\nid = "x"\nnpu = [910]\n', "npu"),
        ('[[product]]\nid = "x"\ncolour = ["red"]\n', "colour"),
        ('[[product]]\nnames = ["Widget X"]\n', "id"),
        ('[[product]]\nid = "x"\n[[product]]\nid = "x"\n', "x"),
        ('[scope]\ndefault = ["y"]\n[[product]]\nid = "x"\n', "y"),
    ],
    ids=[
        "broken-toml",
        "names-not-list",
        "npu-not-strings",
        "unknown-key",
        "no-id",
        "dup",
        "scope",
    ],
)
def test_load_rejects_a_malformed_catalogue(tmp_path: Path, body: str, hint: str) -> None:
    path = write(tmp_path, body)
    with pytest.raises(DataError) as raised:
        load_catalogue(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: ")
    assert hint in message
    assert "\n" not in message.strip()


def test_broken_toml_names_the_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[scope]\ndefault = ["atlas-a2"]\n\n[[product]\nid = "x"\n')
    with pytest.raises(DataError) as raised:
        load_catalogue(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: ")
    assert "line 4" in message


def test_missing_catalogue_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read the catalogue"):
        load_catalogue(tmp_path / "absent.toml")


def test_catalogue_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "catalogue.toml"
    path.write_bytes(b'[[product]]\nid = "\xff"\n')
    with pytest.raises(DataError, match="cannot read the catalogue"):
        load_catalogue(path)


def test_next_name_is_the_first_position_find_name_finds(catalogue: Catalogue) -> None:
    """next_name (one regex search) finds what trying find_name at each
    position in turn finds: the first name, the longest there."""
    text = "是，暂不支持 Ascend 950DT 与 atlas a2训练系列产品，Atlas A3"
    found, pos = [], 0
    while pos < len(text):
        hit = catalogue.find_name(text, pos)
        if hit is None:
            pos += 1
            continue
        found.append((hit[0], pos, hit[1]))
        pos = hit[1]
    searched, pos = [], 0
    while (next_hit := catalogue.next_name(text, pos)) is not None:
        searched.append(next_hit)
        pos = next_hit[2]
    assert searched == found and len(found) == 3


def _alternation(keys: list[str]) -> re.Pattern[str]:
    """The names' pattern as it was: each key, longest first, white space
    allowed between its characters."""
    ordered = sorted(keys, key=len, reverse=True)
    return re.compile(
        "|".join(r"\s*".join(re.escape(char) for char in key) for key in ordered), re.IGNORECASE
    )


def test_the_names_tree_finds_what_their_alternation_finds(catalogue: Catalogue) -> None:
    """At every position of texts made of the names (spaced, cased, cut and
    glued otherwise), matched and searched for."""
    names = [name for product in catalogue.products for name in product.names]
    keys = list(dict.fromkeys(name_key(name) for name in names))
    tree, alternation = names_pattern(keys), _alternation(keys)
    assert tree.pattern != alternation.pattern
    texts = [
        text
        for name in names
        for text in (
            name,
            name.upper(),
            name.replace(" ", ""),
            " ".join(name),
            name[:-1],
            f"暂不支持{name}系列产品，{name[:5]}",
            f"{name} 与 {name.lower()}：是",
        )
    ]
    for text in texts:
        for pos in range(len(text) + 1):
            matched, expected = tree.match(text, pos), alternation.match(text, pos)
            assert (matched and matched.span()) == (expected and expected.span()), (text, pos)
            found, first = tree.search(text, pos), alternation.search(text, pos)
            assert (found and found.span()) == (first and first.span()), (text, pos)


def test_names_with_a_cased_character_not_ascii_are_their_alternation() -> None:
    """ "ı" (dotless i) matches "I" ignoring case, as "i" does: a tree could
    take the shorter of two keys that both match there."""
    keys = ["ıx", "ixy", "ab"]
    assert names_pattern(keys).pattern == _alternation(keys).pattern
    assert names_pattern(["ix", "ixy", "ab"]).pattern != _alternation(["ix", "ixy", "ab"]).pattern


def test_scope_at_keeps_the_narrowed_scope_and_its_order(tmp_path: Path) -> None:
    catalogue = load_catalogue(write(tmp_path, TIMED)).with_scope(("after", "old"))
    assert catalogue.scope_at("7.3.0") == ("old",)
    assert catalogue.scope_at(None) == ("after", "old")


def test_shipped_ascend_950_is_from_26_1_0(catalogue: Catalogue) -> None:
    assert catalogue.scope_at("7.3.0") == ("atlas-a2", "atlas-a3")
    assert catalogue.scope_at("26.0.0") == ("atlas-a2", "atlas-a3")
    assert catalogue.scope_at("26.1.0") == ("atlas-a2", "atlas-a3", "ascend-950")
    assert catalogue.scope_at(None) == ("atlas-a2", "atlas-a3", "ascend-950")
    assert [p.id for p in catalogue.products if p.since is not None] == [
        "ascend-950",
        "ascend-950pr",
    ]
