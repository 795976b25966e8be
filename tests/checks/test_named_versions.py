"""link-docs-version and version-title (checker.checks.named_versions) on pages read
as the 2.12.0 folder's: the versions a page names outside its entries'
native-doc links, each with its certain fix."""

from __future__ import annotations

from checker.checks.named_versions import check_mentions
from checker.model.edit import Edit
from checker.model.finding import Finding
from tests.helpers import read_page


def found(text: str, name: str = "torch-fft.md") -> list[Finding]:
    return list(check_mentions(read_page(text, name)))


ENTRY = """\
# torch.fft

> [!NOTE]
> 说明见[fft](https://pytorch.org/docs/2.11/fft.html)。

### torch.fft.fft

<div style="margin-left: 2em">

**原生文档**：[torch.fft.fft](https://pytorch.org/docs/2.11/generated/torch.fft.fft.html)

**是否支持**：是

**限制与说明**：与[ifft](https://docs.pytorch.org/docs/2.10/generated/torch.fft.ifft.html)、\
[rfft](https://pytorch.org/docs/2.12/generated/torch.fft.rfft.html)和\
[hfft](pytorch.org/docs/stable/generated/torch.fft.hfft.html)相同。

</div>
"""


def test_links_outside_the_native_doc_line_into_another_version() -> None:
    findings = found(ENTRY)
    assert [(f.rule, f.line) for f in findings] == [
        ("link-docs-version", 4),
        ("link-docs-version", 14),
        ("link-docs-version", 14),
    ]
    assert [f.message for f in findings] == [
        "link into PyTorch docs 2.11, the page documents 2.12.0: https://pytorch.org/docs/2.11/fft.html",
        "link into PyTorch docs 2.10, the page documents 2.12.0:"
        " https://docs.pytorch.org/docs/2.10/generated/torch.fft.ifft.html",
        "link into PyTorch docs stable, the page documents 2.12.0:"
        " pytorch.org/docs/stable/generated/torch.fft.hfft.html",
    ]
    assert [f.fix for f in findings] == [
        (
            Edit(
                4,
                "https://pytorch.org/docs/2.11/fft.html",
                "https://pytorch.org/docs/2.12/fft.html",
            ),
        ),
        (
            Edit(
                14,
                "https://docs.pytorch.org/docs/2.10/generated/torch.fft.ifft.html",
                "https://docs.pytorch.org/docs/2.12/generated/torch.fft.ifft.html",
            ),
        ),
        (
            Edit(
                14,
                "pytorch.org/docs/stable/generated/torch.fft.hfft.html",
                "pytorch.org/docs/2.12/generated/torch.fft.hfft.html",
            ),
        ),
    ]


def test_the_native_doc_line_is_link_versions_not_this_rules() -> None:
    # line 10's 2.11 link is the entry's 原生文档: not reported here
    assert 10 not in {f.line for f in found(ENTRY)}
    assert (
        found(
            ENTRY.replace("2.11/fft.html", "2.12/fft.html")
            .replace("2.10/", "2.12/")
            .replace("stable", "2.12")
        )
        == []
    )


def test_a_native_doc_link_on_another_line_than_an_entrys_is_reported() -> None:
    # the same 原生文档 text outside an entry names no API: it is any other line
    text = "# torch.fft\n\n**原生文档**：[fft](https://pytorch.org/docs/2.11/fft.html)\n"
    assert [(f.rule, f.line) for f in found(text)] == [("link-docs-version", 3)]


def test_links_into_the_pages_version_and_other_sites_are_not_reported() -> None:
    text = (
        "# torch.fft\n\n"
        "[a](https://pytorch.org/docs/2.12/fft.html) [b](https://docs.pytorch.org/docs/2.12/)\n"
        "[c](https://github.com/pytorch/pytorch/blob/v2.11.0/docs/fft.rst)\n"
        "[d](https://pytorch.org/tutorials/2.11/intro.html)\n"
    )
    assert found(text) == []


def test_version_title() -> None:
    text = "# PyTorch 2.11.0版本\n\n- **[概述](overview.md)**\n"
    findings = found(text, "PyTorch-2-12-0.md")
    assert [(f.rule, f.line, f.message) for f in findings] == [
        ("version-title", 1, "the title names PyTorch 2.11.0, the folder is 2.12.0")
    ]
    assert findings[0].fix == (Edit(1, "PyTorch 2.11.0", "PyTorch 2.12.0"),)
    assert found(text.replace("2.11.0", "2.12.0"), "PyTorch-2-12-0.md") == []


def test_only_the_title_is_version_titles() -> None:
    # a version named in text or a second-level heading is not the title
    text = "# 概述\n\n介绍PyTorch 2.11.0版本的变化。\n\n## PyTorch 2.11.0\n"
    assert found(text, "overview.md") == []
