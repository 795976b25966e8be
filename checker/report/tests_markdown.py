"""`tests --format markdown`: per docs version a table of the products'
backed shares, the claim-tests-disabled findings, and the unbacked APIs in a
folded list, for a pull request or a release review."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.i18n import _, say
from checker.report.tests_text import percent

if TYPE_CHECKING:
    from checker.results import TestsReport


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def tests_markdown(report: TestsReport, errors: Sequence[str]) -> str:
    title, product, supported = _("Claims against the tests"), _("product"), _("supported")
    backed, share_of, input_error = _("backed"), _("share"), _("input error")
    lines = [f"## {title}", ""]
    for mapped in report.versions:
        lines += [
            f"### {mapped.version}",
            "",
            _(
                "{reached} of {documented} documented APIs reached ({share}), {npu} on the NPU; "
                "tests: `{tree}`; disabled list: {listed}"
            ).format(
                reached=mapped.reached,
                documented=mapped.documented,
                share=percent(mapped.reached, mapped.documented),
                npu=mapped.on_npu,
                tree=mapped.tree,
                listed=f"`{mapped.disabled}`" if mapped.disabled else _("none"),
            ),
            "",
            f"| {product} | {supported} | {backed} | {share_of} | call | method | opinfo | rule |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for share in mapped.shares:
            kinds = dict(share.by_kind)
            lines.append(
                f"| {share.product} | {share.supported} | {share.backed} | "
                f"{percent(share.backed, share.supported)} | "
                + " | ".join(str(kinds.get(k, 0)) for k in ("call", "method", "opinfo", "rule"))
                + " |"
            )
        lines.append("")
        mine = [v for v in report.verdicts if v.version == mapped.version]
        for verdict in (v for v in mine if v.severity is not None):
            lines.append(
                f"- `{_cell(verdict.path)}:{verdict.line}` **{verdict.check}** "
                f"{_cell(say(verdict.message))}"
            )
        unbacked = sorted({v.api for v in mine if v.check == "claim-unbacked"})
        if unbacked:
            lines += [
                "",
                "<details><summary>"
                + _("{count} supported APIs no test reaches on the NPU").format(count=len(unbacked))
                + "</summary>",
                "",
                *(f"- `{_cell(api)}`" for api in unbacked),
                "",
                "</details>",
            ]
        lines.append("")
    lines += [f"- {input_error}: {_cell(error)}" for error in errors]
    return "\n".join(lines).rstrip("\n") + "\n"
