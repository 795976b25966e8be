"""`tests --format markdown`: per docs version a table of the products'
backed shares, the claim-tests-disabled findings, and the unbacked APIs in a
folded list, for a pull request or a release review."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.i18n import _, say
from checker.model.verdict import UNBACKED
from checker.report.escape import markdown, markdown_code
from checker.report.markdown_text import row
from checker.report.tests_text import percent

if TYPE_CHECKING:
    from checker.results import TestsReport


def tests_markdown(report: TestsReport, errors: Sequence[str]) -> str:
    title, product, supported = _("Claims against the tests"), _("product"), _("supported")
    backed, share_of, input_error = _("backed"), _("share"), _("input error")
    lines = [f"## {title}", ""]
    for mapped in report.versions:
        lines += [
            f"### {markdown(mapped.version)}",
            "",
            _(
                "{reached} of {documented} documented APIs reached ({share}), {npu} on the NPU; "
                "tests: {tree}; disabled list: {listed}"
            ).format(
                reached=mapped.reached,
                documented=mapped.documented,
                share=percent(mapped.reached, mapped.documented),
                npu=mapped.on_npu,
                tree=markdown_code(str(mapped.tree)),
                listed=markdown_code(str(mapped.disabled)) if mapped.disabled else _("none"),
            ),
            "",
            f"| {product} | {supported} | {backed} | {share_of} | call | method | opinfo | rule |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for share in mapped.shares:
            kinds = dict(share.by_kind)
            counts = (str(kinds.get(k, 0)) for k in ("call", "method", "opinfo", "rule"))
            shared = (str(share.supported), str(share.backed))
            percentage = percent(share.backed, share.supported)
            lines.append(row(markdown(share.product), *shared, percentage, *counts))
        lines.append("")
        mine = [v for v in report.verdicts if v.version == mapped.version]
        for verdict in (v for v in mine if v.severity is not None):
            where = markdown_code(f"{verdict.path}:{verdict.line}")
            said = markdown(say(verdict.detail))
            lines.append(f"- {where} **{markdown(verdict.verdict)}** {said}")
        unbacked = sorted({v.api for v in mine if v.verdict == UNBACKED})
        if unbacked:
            lines += [
                "",
                "<details><summary>"
                + _("{count} supported APIs no test reaches on the NPU").format(count=len(unbacked))
                + "</summary>",
                "",
                *(f"- {markdown_code(api)}" for api in unbacked),
                "",
                "</details>",
            ]
        lines.append("")
    lines += [f"- {input_error}: {markdown(error)}" for error in errors]
    return "\n".join(lines).rstrip("\n") + "\n"
