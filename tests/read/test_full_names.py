"""Full API names in the shapes the release trees write them short
(tests/fixtures/names): class-qualified names in row tables, method lines
under a class heading without links of their own; `<br>`-separated
per-product cells in zh and en; `-` in the supported column."""

from __future__ import annotations

from pathlib import Path

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.support import Entry, Page
from checker.read.namespace import complete_names
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES, read_page, source_line

NAMES = FIXTURES / "names"
ZH = NAMES / "rows/docs/zh/native_apis/pytorch_2-7-1"
EN = NAMES / "rows/docs/en/native_apis/pytorch_2-7-1"
CATALOGUE = default_catalogue()


def read(root: Path) -> tuple[list[Entry], list[Finding]]:
    corpus = read_corpus([str(root)], CATALOGUE)
    assert corpus.errors == ()
    return [e for page in corpus.pages for e in page.entries], lint_pages(corpus.pages, CATALOGUE)


def apis(entries: list[Entry], page: str) -> list[str]:
    return [e.api for e in entries if Path(e.path).name == page]


def test_class_qualified_names_in_rows_complete_from_the_page() -> None:
    entries, _ = read(NAMES / "rows")
    # the page's file name is its module: torch-Tensor.md is torch.Tensor
    assert apis(entries, "torch-Tensor.md") == [
        "torch.Tensor.new_tensor",
        "torch.Tensor.abs",
        "torch.Tensor.abs_",
        "torch.Tensor.add",
        "torch.Tensor.T",
    ]
    assert apis(entries, "torch-optim.md") == [
        "torch.optim.Optimizer.step",
        "torch.optim.Optimizer.zero_grad",
        "torch.optim.SparseAdam",
        "torch.optim.SparseAdam.step",
        "torch.optim.Adam.step",
    ]
    # the page's own full names win over its file name: FunctionCtx lives in
    # torch.autograd.function, which a row of the page names
    assert apis(entries, "torch-autograd.md") == [
        "torch.autograd.function.FunctionCtx.mark_dirty",
        "torch.autograd.function.FunctionCtx.save_for_backward",
        "torch.autograd.Function.forward",
        "torch.autograd.Function.backward",
    ]
    assert apis(entries, "torch-fx.md")[:3] == [
        "torch.fx.Node",
        "torch.fx.Node.args",
        "torch.fx.Node.replace_all_uses_with",
    ]
    # what was written stays available
    (abs_entry,) = [e for e in entries if e.api == "torch.Tensor.abs"]
    assert abs_entry.title == "Tensor.abs"


def test_a_name_with_no_namespace_is_kept_and_reported() -> None:
    entries, findings = read(NAMES / "rows")
    incomplete = [f for f in findings if f.rule == "api-name-incomplete"]
    # a bare function name, and a class name on a page that is no module
    assert [(Path(f.path).name, f.line) for f in incomplete] == [
        ("Named-Tensors.md", 5),
        ("torch-fx.md", 8),
    ]
    assert [source_line(f) for f in incomplete] == ["|Tensor.names|是|-|", "|symbolic_trace|是|-|"]
    assert incomplete[0].message == (
        "Tensor.names: a short name this page gives no namespace for, kept as written"
    )
    assert {f.severity for f in incomplete} == {"warning"}
    assert "Tensor.names" in apis(entries, "Named-Tensors.md")


def test_every_entry_is_full_or_reported() -> None:
    """The property, over the trees of this file and every lint fixture."""
    trees = [NAMES / "rows", NAMES / "headings"]
    trees += sorted(path for path in (FIXTURES / "lint").iterdir() if path.is_dir())
    for tree in trees:
        corpus = read_corpus([str(tree)], CATALOGUE)
        findings = lint_pages(corpus.pages, CATALOGUE)
        reported = {(f.path, f.line) for f in findings if f.rule == "api-name-incomplete"}
        for page in corpus.pages:
            for entry in page.entries:
                full = entry.api.startswith(("torch.", "torch_npu."))
                assert full or (entry.path, entry.line) in reported, (tree, entry.api)


def test_method_lines_take_their_class_heading_as_prefix() -> None:
    entries, findings = read(NAMES / "headings")
    assert [e.api for e in entries] == [
        "torch.distributions.normal.Normal.arg_constraints",
        "torch.distributions.normal.Normal.mean",
        "torch.distributions.normal.Normal.entropy",
        "torch.distributions.bernoulli.Bernoulli.arg_constraints",
        "torch.distributions.bernoulli.Bernoulli.mean",
    ]
    assert [e.title for e in entries][:2] == ["arg_constraints", "mean"]
    # no duplicate-api from short names that two classes share
    assert findings == []


def test_br_separated_products_read_per_product_in_zh_and_en() -> None:
    entries, findings = read(NAMES / "rows")
    by_page = {(Path(e.path).parent.parent.parent.name, e.api): e for e in entries}
    want = {"atlas-train": "supported", "atlas-a2": "supported", "atlas-a3": "unsupported"}
    scope = ("atlas-train", "atlas-a2", "atlas-a3")
    for key in (
        ("zh", "torch.backends.mkldnn.is_available"),
        ("en", "torch.backends.mkldnn.is_available"),
        ("en", "torch.backends.mkldnn.verbose"),
    ):
        assert by_page[key].expanded(scope) == want, key
    assert [f for f in findings if f.rule == "status-unreadable"] == []


def test_a_dash_in_the_supported_column_is_a_missing_status() -> None:
    _, findings = read(NAMES / "rows")
    missing = [(Path(f.path).parent.parent.parent.name, Path(f.path).name, f.line)
               for f in findings if f.rule == "missing-status"]  # fmt: skip
    assert missing == [("en", "torch-backends.md", 7), ("zh", "torch-optim.md", 8)]
    assert [f for f in findings if f.rule == "status-unreadable"] == []


def test_a_dash_after_the_status_label_is_a_missing_status_too() -> None:
    text = "# torch.x\n\n### torch.x.y\n\n**是否支持**：-\n\n### torch.x.z\n\n**是否支持**：—\n"
    page = read_page(text)
    assert [(e.api, e.status, e.raw, e.format) for e in page.entries] == [
        ("torch.x.y", None, "", "inline"),
        ("torch.x.z", None, "", "inline"),
    ]
    found = lint_pages([page], CATALOGUE)
    assert [(f.line, f.rule) for f in found] == [(3, "missing-status"), (7, "missing-status")]


# -- the rules of completion, one at a time ------------------------------------------------

NO_MODULE = "docs/zh/native_apis/pytorch_2-7-1/Named-Tensors.md"


def completed(*names: str, path: str = NO_MODULE) -> list[str]:
    entries = tuple(
        Entry(name, "2.7.1", "zh", path, n, "rows", None, "", n) for n, name in enumerate(names, 1)
    )
    return [entry.api for entry in complete_names(Page(path, "2.7.1", "zh", entries, ())).entries]


def test_the_first_part_after_the_root_is_learned_too() -> None:
    assert completed("torch.Tensor.rename", "Tensor.names") == [
        "torch.Tensor.rename",
        "torch.Tensor.names",
    ]


def test_only_full_names_teach_a_prefix() -> None:
    # `Event.Stream` is short: it says nothing of where Stream lives
    assert completed("torch.cuda.Stream", "Event.Stream", "Stream.query")[2] == (
        "torch.cuda.Stream.query"
    )


def test_two_full_names_that_place_a_class_apart_teach_nothing() -> None:
    assert completed("torch.cuda.Stream", "torch.npu.Stream", "Stream.query")[2] == "Stream.query"
    # ... and the page's module does not decide between them either
    on_module = "docs/zh/native_apis/pytorch_2-7-1/torch-cuda.md"
    names = completed("torch.cuda.Stream", "torch.npu.Stream", "Stream.query", path=on_module)
    assert names[2] == "Stream.query"


def test_rows_without_a_link_have_no_link_line() -> None:
    entries, _ = read(NAMES / "rows")
    assert entries and {e.link_line for e in entries} == {0}


def test_a_method_line_without_status_keeps_the_class_for_the_next() -> None:
    text = (
        "# torch.x\n\n### <code><i>class</i></code> torch.x.Y\n\n"
        '> <font size="3">described()</font>\n\nOnly prose here.\n\n'
        '> <font size="3">stated()</font>\n\n**是否支持**：是\n'
    )
    page = read_page(text, "Other.md")
    assert [e.api for e in page.entries] == ["torch.x.Y.stated"]


def test_every_dash_for_nothing_is_blank() -> None:
    for dash in ("-", "--", "—", "–", ""):
        text = f"# torch.x\n\n### torch.x.y\n\n**是否支持**：{dash}\n"
        page = read_page(text)
        assert [(f.line, f.rule) for f in lint_pages([page], CATALOGUE)] == [
            (3, "missing-status")
        ], dash


def test_an_api_cell_that_holds_prose_is_reported_as_such() -> None:
    # origin/v2.7.1-7.3.0: Quantization.md:171 glues a note to the name, and the
    # sdpa rows of torch-nn-functional.md put theirs after it (zh) or after a
    # `<br>` (en). None of them is a name: the cell is kept as written and the
    # finding says what is wrong with it, whether it starts with `torch.` or not.
    quantization = (
        "torch.ao.quantization.get_default_qat_qconfig该API为Quantization Aware "
        "Training依赖接口，未在PyTorch对外文档中呈现，具体使用请参考LINK。"
    )
    sdpa = "torch.nn.functional.scaled_dot_product_attention<br>In the current version, use."
    text = (
        "# Quantization\n\n|API名称|是否支持|限制与说明|\n|--|--|--|\n"
        f"|torch.ao.quantization.convert|是|-|\n|{quantization}|是|-|\n|{sdpa}|是|-|\n"
    )
    page = read_page(text, "Quantization.md")
    assert [e.api for e in page.entries] == ["torch.ao.quantization.convert", quantization, sdpa]
    found = [(f.line, f.message) for f in page.findings if f.rule == "api-name-incomplete"]
    assert found == [
        (6, f"the API name cell holds more than an API name: {quantization}"),
        (7, f"the API name cell holds more than an API name: {sdpa}"),
    ]
    # a heading's last word is its name: prose there is said to be in the title
    page = read_page("# torch.x\n\n### torch.x.y 的说明\n\n**是否支持**：是\n")
    assert [(f.line, f.message) for f in page.findings] == [
        (3, "the API title holds more than an API name: 的说明")
    ]
