"""Rules over one entry, and the status findings reading reports: every case is a
small hand-written page under tests/fixtures/lint/<case>/, next to a clean twin
(<case>-ok) that differs only where the problem is.

Lines are asserted as numbers and, independently, by what the source line at
that number says, so a finding on the wrong line cannot pass."""

from __future__ import annotations

import pytest

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.support import Entry, Support
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES, heading_of, located, read_page, source_line

LINT = FIXTURES / "lint"
CATALOGUE = default_catalogue()
SCOPE = CATALOGUE.scope


def run(case: str) -> tuple[list[Entry], list[Finding]]:
    corpus = read_corpus([str(LINT / case)], CATALOGUE)
    assert corpus.errors == ()
    entries = [entry for page in corpus.pages for entry in page.entries]
    return entries, lint_pages(corpus.pages, CATALOGUE)


def by_api(entries: list[Entry]) -> dict[str, Entry]:
    found = {entry.api: entry for entry in entries}
    assert len(found) == len(entries), "these fixtures document each API once"
    return found


# --- status-unreadable -----------------------------------------------------------

FFT = "pytorch_2-12-0/torch-fft.md"


def test_status_unreadable_inline_and_table_mark() -> None:
    entries, findings = run("status-unreadable")
    assert located(findings) == [(FFT, 9, "status-unreadable"), (FFT, 24, "status-unreadable")]
    assert source_line(findings[0]) == "**是否支持**：视情况而定"
    assert source_line(findings[1]).startswith("| <term>Atlas A3 训练系列产品</term> | 待定")
    assert "视情况而定" in findings[0].message
    assert "待定" in findings[1].message
    assert all(f.severity == "error" for f in findings)
    api = by_api(entries)
    # An unreadable status is reported as unreadable, not also as missing, and
    # nothing is guessed: the inline entry has no status, the table entry leaves
    # only the unreadable row's product unstated.
    assert api["torch.fft.fft"].status is None
    assert api["torch.fft.fft"].raw != ""
    assert api["torch.fft.ifft"].expanded(SCOPE) == {
        "atlas-a2": "supported",
        "atlas-a3": "unstated",
        "ascend-950": "unsupported",
    }


def test_status_unreadable_clean_twin() -> None:
    entries, findings = run("status-unreadable-ok")
    assert findings == []
    api = by_api(entries)
    assert set(api) == {"torch.fft.fft", "torch.fft.ifft"}
    expected = {"atlas-a2": "supported", "atlas-a3": "supported", "ascend-950": "unsupported"}
    assert api["torch.fft.fft"].expanded(SCOPE) == expected
    assert api["torch.fft.ifft"].expanded(SCOPE) == expected


# --- unknown-product -------------------------------------------------------------


def test_unknown_product_in_table_row_and_inline_exception() -> None:
    entries, findings = run("unknown-product")
    assert located(findings) == [(FFT, 14, "unknown-product"), (FFT, 25, "unknown-product")]
    assert "Atlas A9 训练系列产品" in findings[0].message
    assert "Atlas A9 训练系列产品" in source_line(findings[0])
    assert "Ascend 960DT" in findings[1].message
    assert source_line(findings[1]).startswith("**是否支持**：")
    # The unknown product is not silently mapped onto a known one.
    api = by_api(entries)
    assert api["torch.fft.rfft"].expanded(SCOPE)["atlas-a3"] == "unstated"
    assert api["torch.fft.irfft"].expanded(SCOPE)["ascend-950"] == "supported"


def test_unknown_product_clean_twin() -> None:
    # "Atlas A3训练系列产品" without the space is a known spelling.
    entries, findings = run("unknown-product-ok")
    assert findings == []
    api = by_api(entries)
    assert api["torch.fft.rfft"].expanded(SCOPE)["atlas-a3"] == "supported"
    assert api["torch.fft.irfft"].expanded(SCOPE)["ascend-950"] == "unsupported"


# --- nonstandard-mark ------------------------------------------------------------


def test_nonstandard_marks_are_warned_but_read() -> None:
    entries, findings = run("nonstandard-mark")
    # line 14 is &#10004; which decodes to the standard ✔: no finding there
    assert located(findings) == [(FFT, 13, "nonstandard-mark"), (FFT, 15, "nonstandard-mark")]
    assert findings[0].message == "mark '✓' (read as supported) instead of ✔ / ✘"
    # &#10007; is ✗ (U+2717), not ✘ (U+2718): quoted as the page writes it,
    # which a search of the page finds, with what it is and reads as
    assert findings[1].message == "mark '&#10007;' (✗, read as unsupported) instead of ✔ / ✘"
    assert "&#10007;" in source_line(findings[1])
    assert all(f.severity == "warning" for f in findings)
    (entry,) = entries
    assert entry.expanded(SCOPE) == {
        "atlas-a2": "supported",
        "atlas-a3": "supported",
        "ascend-950": "unsupported",
    }


def test_nonstandard_mark_clean_twin() -> None:
    # &#10004; and &#10008; are the standard ✔ and ✘ written as entities.
    entries, findings = run("nonstandard-mark-ok")
    assert findings == []
    (entry,) = entries
    assert entry.expanded(SCOPE)["ascend-950"] == "unsupported"


# --- missing-status --------------------------------------------------------------

NN = "pytorch_2-12-0/torch-nn.md"


def test_missing_status_on_heading_and_method_entries() -> None:
    entries, findings = run("missing-status")
    # line 5: a class heading with a link and no status label at all;
    # line 13: a method whose 支持情况 label is followed by nothing;
    # line 39: a method with restriction notes naming Ascend 950DT and no status:
    # missing, and its notes are not judged against a status it does not have.
    assert located(findings) == [
        (NN, 5, "missing-status"),
        (NN, 13, "missing-status"),
        (NN, 39, "missing-status"),
    ]
    assert [f.message for f in findings] == [
        "torch.nn.Module has no support status",
        "torch.nn.Module.apply has no support status",
        "torch.nn.Module.train has no support status",
    ]
    assert source_line(findings[0]).endswith("torch.nn.Module")
    assert source_line(findings[1]) == '> <font size="3">apply()</font>'
    assert source_line(findings[2]) == '> <font size="3">train()</font>'
    assert all(f.severity == "error" for f in findings)
    # The section heading "## Containers" has neither link nor status: not an entry.
    api = by_api(entries)
    assert sorted(api) == [
        "torch.nn.Module",
        "torch.nn.Module.apply",
        "torch.nn.Module.eval",
        "torch.nn.Module.train",
    ]
    train = api["torch.nn.Module.train"]
    assert (train.status, train.raw) == (None, "")
    assert train.notes == "<term>Ascend 950DT</term>上不支持`mode=False`"


def test_missing_status_clean_twin() -> None:
    entries, findings = run("missing-status-ok")
    assert findings == []
    assert len(entries) == 4
    assert all(entry.status is not None for entry in entries)
    # with a status listing Ascend 950DT, the same notes are fine
    assert "<term>Ascend 950DT</term>" in by_api(entries)["torch.nn.Module.train"].notes


def test_missing_status_in_row_table() -> None:
    _, findings = run("missing-status-rows")
    assert located(findings) == [("pytorch_2-7-1/torch-fft.md", 6, "missing-status")]
    assert findings[0].message == "torch.fft.ifft has no support status"
    assert source_line(findings[0]) == "|torch.fft.ifft||-|"


def test_missing_status_row_table_clean_twin() -> None:
    entries, findings = run("missing-status-rows-ok")
    assert findings == []
    assert [e.expanded(SCOPE)["atlas-a2"] for e in entries] == [
        "supported",
        "unsupported",
        "supported",
    ]


# --- link-target -----------------------------------------------------------------


def test_link_target_names_another_api() -> None:
    _, findings = run("link-target")
    assert located(findings) == [
        (NN, 7, "link-target"),  # anchor #...relu6 on relu
        (NN, 17, "link-target"),  # generated page silu.html on gelu
        (NN, 37, "link-target"),  # a method anchored at its sibling
        (NN, 47, "link-target"),  # a case-twin page of another function
        (NN, 57, "link-target"),  # the page of relu, a prefix of relu6
        (NN, 67, "link-target"),  # same last name, another module
        (NN, 77, "link-target"),  # a torch_npu anchor is judged too
    ]  # line 87 anchors a section (#torch-nn-init), which names no API: not judged
    # Each at its 原生文档 line, four lines below the entry's heading.
    assert {source_line(f).partition("：")[0] for f in findings} == {"**原生文档**"}
    assert [f.entry_line for f in findings] == [f.line - 4 for f in findings]
    assert [f.message for f in findings] == [
        "torch.nn.functional.relu: native-doc link points at torch.nn.functional.relu6",
        "torch.nn.functional.gelu: native-doc link points at torch.nn.functional.silu",
        "torch.nn.Module.train: native-doc link points at torch.nn.Module.eval",
        "torch.nn.utils.prune.remove: native-doc link points at "
        "torch.nn.utils.prune.identity_function",
        "torch.nn.functional.relu6: native-doc link points at torch.nn.functional.relu",
        "torch.nn.init.normal_: native-doc link points at torch.Tensor.normal_",
        "torch.nn.functional.silu: native-doc link points at torch_npu.npu_silu",
    ]
    headings = [heading_of(f) for f in findings]
    assert headings[2] == '> <font size="3">train()</font>'
    assert headings[3] == "### torch.nn.utils.prune.remove"
    assert headings[4:] == [
        "### torch.nn.functional.relu6",
        "### torch.nn.init.normal_",
        "### torch.nn.functional.silu",
    ]
    assert all(f.severity == "error" for f in findings)


def linked(api: str, url: str) -> list[str]:
    """The link-target messages of one entry of `api` linking to `url`."""
    page = read_page(f"# t\n\n## {api}\n\n**原生文档**：[{api}]({url})\n\n**是否支持**：是\n")
    return [f.message for f in lint_pages([page], CATALOGUE) if f.rule == "link-target"]


DOCS = "https://pytorch.org/docs/2.12"


@pytest.mark.parametrize(
    ("api", "url", "target"),
    [
        # a method of a class holds torch.abs's parts, but is another API
        (
            "torch.abs",
            f"{DOCS}/generated/torch.Tensor.abs.html#torch.Tensor.abs",
            "torch.Tensor.abs",
        ),
        ("torch.abs", f"{DOCS}/generated/torch.Tensor.abs.html", "torch.Tensor.abs"),
        # a module's page is not a function's
        ("torch.nn.functional.relu", f"{DOCS}/generated/torch.nn.functional.html", None),
        ("torch.nn.functional.relu", f"{DOCS}/nn.functional.html#module-torch.nn.functional", None),
    ],
)
def test_a_link_to_a_name_holding_the_apis_parts_is_another_api(
    api: str, url: str, target: str | None
) -> None:
    shown = target or "torch.nn.functional"
    assert linked(api, url) == [f"{api}: native-doc link points at {shown}"]


@pytest.mark.parametrize(
    ("api", "url"),
    [
        ("torch.abs", f"{DOCS}/generated/torch.abs.html#torch.abs"),
        # the defining module's name, a repeated prefix: the same API
        ("torch.cuda.empty_cache", f"{DOCS}/generated/torch.cuda.memory.empty_cache.html"),
        ("torch.finfo", f"{DOCS}/type_info.html#torch.torch.finfo"),
        ("torch.cuda.Stream.query", f"{DOCS}/cuda.html#torch.cuda.streams.Stream.query"),
        # a method on its class's page, and a module on its own
        ("torch.cuda.Stream.query", f"{DOCS}/generated/torch.cuda.Stream.html"),
        ("torch.nn.functional", f"{DOCS}/nn.functional.html#module-torch.nn.functional"),
    ],
)
def test_a_link_to_the_api_or_a_name_upstream_gives_it_is_fine(api: str, url: str) -> None:
    assert linked(api, url) == []


def test_link_target_clean_twin() -> None:
    entries, findings = run("link-target-ok")
    assert findings == []
    # A method linking to its class's generated page without an anchor is fine.
    zero_grad = by_api(entries)["torch.nn.Module.zero_grad"]
    assert zero_grad.link is not None
    assert zero_grad.link.target == "torch.nn.Module"
    # An anchor that names no API (a section's) is not judged, and that is not
    # because the link went unread.
    gain = by_api(entries)["torch.nn.init.calculate_gain"]
    assert gain.link is not None
    assert gain.link.target == "torch-nn-init"
    targets = {entry.api: entry.link.target if entry.link else None for entry in entries}
    assert targets["torch.nn.functional.relu6"] == "torch.nn.functional.relu6"
    assert targets["torch.nn.init.normal_"] == "torch.nn.init.normal_"
    assert targets["torch.nn.functional.silu"] == "torch.nn.functional.silu"


ALIASES = {
    # api: the link target as the page writes it
    "torch.cuda.empty_cache": "torch.cuda.memory.empty_cache",  # defining module
    "torch.finfo": "torch.torch.finfo",  # repeated prefix
    "torch.cuda.Stream": "torch.cuda.Stream",
    "torch.cuda.Stream.synchronize": "torch.cuda.Stream",  # class page, no anchor
    "torch.cuda.Stream.query": "torch.cuda.Stream.query",  # link text "query" only
    "torch._foreach_neg_": "torch._foreach_neg_",  # underscores, not emphasis
    "torch.nn.utils.prune.identity": "torch.nn.utils.prune.identity_function",  # case-twin
    "torch.nn.utils.prune.Identity": "torch.nn.utils.prune.Identity",
    "torch.nn.utils.prune.Identity.apply": "torch.nn.utils.prune.Identity_class",
}


def test_link_aliases_are_not_findings() -> None:
    entries, findings = run("link-target-aliases")
    assert findings == []
    # ... and that is not because the links went unread:
    targets = {entry.api: entry.link.target if entry.link else None for entry in entries}
    assert targets == ALIASES


# --- link-version ----------------------------------------------------------------


def test_link_version_other_docs_version() -> None:
    _, findings = run("link-version")
    assert located(findings) == [
        ("pytorch_2-12-0/torch-nn.md", 7, "link-version"),
        ("pytorch_2-7-1/torch-nn.md", 17, "link-version"),
    ]
    assert findings[0].message == (
        "torch.nn.parameter.is_lazy: native-doc link is for PyTorch docs 2.11, "
        "the page documents 2.12.0"
    )
    assert "docs 2.1," in findings[1].message
    assert "documents 2.7.1" in findings[1].message
    assert heading_of(findings[0]) == "### torch.nn.parameter.is_lazy"
    assert "(https://pytorch.org/docs/2.11/generated/" in source_line(findings[0])
    assert "(https://pytorch.org/docs/2.1/generated/" in source_line(findings[1])


def test_link_version_clean_twin() -> None:
    # docs/2.12 on a 2.12.0 page and docs/2.7 on a 2.7.1 page: major.minor agree.
    entries, findings = run("link-version-ok")
    assert findings == []
    assert sorted((e.version, e.link.docs_version if e.link else None) for e in entries) == [
        ("2.12.0", "2.12"),
        ("2.12.0", "2.12"),
        ("2.7.1", "2.7"),
        ("2.7.1", "2.7"),
    ]


def test_the_link_line_is_the_links_and_zero_without_one() -> None:
    text = (
        "# torch.x\n\n### torch.x.linked\n\n"
        "**原生文档**：[torch.x.linked](https://pytorch.org/docs/2.12/x.html#torch.x.linked)\n\n"
        "**是否支持**：是\n\n### torch.x.unlinked\n\n**是否支持**：是\n"
    )
    page = read_page(text)
    assert [(e.api, e.line, e.link_line) for e in page.entries] == [
        ("torch.x.linked", 3, 5),
        ("torch.x.unlinked", 9, 0),
    ]


# --- notes-product ---------------------------------------------------------------

TENSOR = "pytorch_2-12-0/torch-Tensor.md"


def test_notes_product_not_in_status() -> None:
    _, findings = run("notes-product")
    # torch.Tensor.to names Ascend 950DT twice in its notes: one finding.
    assert located(findings) == [
        (TENSOR, 16, "notes-product"),
        (TENSOR, 36, "notes-product"),  # the notes' list item that names 950DT first
        (TENSOR, 49, "notes-product"),
    ]
    assert [f.message for f in findings] == [
        "torch.Tensor.addcdiv_: restriction notes name Atlas 训练系列产品, "
        "which the status does not list",
        "torch.Tensor.to: restriction notes name Ascend 950DT, which the status does not list",
        # a status of plain 是 speaks of the scope; Atlas 推理系列产品 is outside it
        "torch.Tensor.abs: restriction notes name Atlas 推理系列产品, "
        "which the status does not list",
    ]
    assert [heading_of(f) for f in findings] == [
        "### torch.Tensor.addcdiv_",
        "### torch.Tensor.to",
        "### torch.Tensor.abs",
    ]
    assert [source_line(f) for f in findings] == [
        "**限制与说明**：<term>Atlas 训练系列产品</term>：`value`不支持int64",
        "- <term>Atlas A3 训练系列产品</term>、<term>Ascend 950DT</term>：不支持`non_blocking`",
        "**限制与说明**：<term>Atlas 推理系列产品</term>上仅支持fp16",
    ]
    assert all(f.severity == "warning" for f in findings)


def test_notes_product_clean_twin() -> None:
    # Notes naming listed products, a 是 status whose scope covers the product
    # named, and an unknown <term> (not a catalogue product) are all fine.
    entries, findings = run("notes-product-ok")
    assert findings == []
    notes = {entry.api: entry.notes for entry in entries}
    assert "<term>Atlas A3 训练系列产品</term>" in notes["torch.Tensor.to"]
    assert "<term>Ascend 950DT</term>" in notes["torch.Tensor.abs"]


# --- notes-contradict-status -----------------------------------------------------

NESTED = "pytorch_2-12-0/torch-nested.md"


def test_notes_contradict_status() -> None:
    # Notes that restrict how the API works on a product the status marks ✘:
    # after a colon, after 针对, before 上; in a table, inline and row-per-API entry.
    _, findings = run("notes-contradict-status")
    assert located(findings) == [
        (FFT, 6, "notes-contradict-status"),
        (FFT, 7, "notes-contradict-status"),
        (NESTED, 17, "notes-contradict-status"),
        (NESTED, 38, "notes-contradict-status"),
        (NESTED, 39, "notes-contradict-status"),
        (NESTED, 51, "notes-contradict-status"),
    ]
    assert [f.message for f in findings] == [
        "torch.fft.ifftshift: restriction notes speak of Ascend 950DT as working, "
        "but the status says unsupported (line 6)",
        "torch.fft.fftshift: restriction notes speak of Ascend 950DT as working, "
        "but the status says unsupported (line 7)",
        "torch.nested.narrow: restriction notes speak of Ascend 950DT as working, "
        "but the status says unsupported (line 15)",
        # A2 is ✔: only A3 of the two products listed contradicts
        "torch.nested.as_nested_tensor: restriction notes speak of Atlas A3 训练系列产品 "
        "as working, but the status says unsupported (line 32)",
        "torch.nested.as_nested_tensor: restriction notes speak of Ascend 950DT as working, "
        "but the status says unsupported (line 33)",
        "torch.nested.to_padded_tensor: restriction notes speak of Ascend 950DT as working, "
        "but the status says unsupported (line 49)",
    ]
    assert [source_line(f) for f in findings] == [
        "|torch.fft.ifftshift|否|<term>Ascend 950DT</term>：不支持fp64，complex64，complex128|",
        "|torch.fft.fftshift|是，暂不支持<term>Ascend 950DT</term>|"
        "支持fp32<br>- <term>Ascend 950DT</term>：支持fp16|",
        "**限制与说明**： <term>Ascend 950DT</term>：不支持complex64，complex128",
        "- <term>Atlas A2 训练系列产品</term>、<term>Atlas A3 训练系列产品</term>：不支持`layout`",
        "- 针对<term>Ascend 950DT</term>，由于硬件差异，精度可能和"
        "<term>Atlas A2 训练系列产品</term>存在差异",
        "**限制与说明**：Ascend 950DT上仅支持fp32",
    ]
    assert [heading_of(f) for f in findings[2:]] == [
        "### torch.nested.narrow",
        "### torch.nested.as_nested_tensor",
        "### torch.nested.as_nested_tensor",
        "### torch.nested.to_padded_tensor",
    ]
    assert all(f.severity == "error" for f in findings)


def test_notes_contradict_status_clean_twin() -> None:
    # The same notes where the status marks the product ✔ (or 仅支持 it), and
    # notes that deny a ✘ product the whole API (不支持, 不支持该接口, 否) or
    # only compare with it: nothing.
    entries, findings = run("notes-contradict-status-ok")
    assert findings == []
    assert "不支持该接口" in by_api(entries)["torch.nested.as_nested_tensor"].notes


@pytest.mark.parametrize(
    "case",
    [
        "status-unreadable-ok",
        "unknown-product-ok",
        "nonstandard-mark-ok",
        "missing-status-ok",
        "missing-status-rows-ok",
        "link-target-ok",
        "link-target-aliases",
        "link-version-ok",
        "notes-product-ok",
        "notes-contradict-status-ok",
    ],
)
def test_clean_twins_have_entries_with_statuses(case: str) -> None:
    entries, _ = run(case)
    assert entries
    assert all(entry.status is not None for entry in entries)
    assert all(entry.status_line >= entry.line for entry in entries)
    assert {entry.status.of("atlas-a2") for entry in entries if entry.status} <= {
        Support.SUPPORTED,
        Support.UNSUPPORTED,
    }
