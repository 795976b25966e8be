"""`tests`' report, in each format it offers, and its summary line.

Text: per docs version, the test tree read, how many
documented APIs a test reaches (and an NPU test) by each kind of link, and
per product the share of supported claims an enabled NPU test backs; then
every verdict as a `path:line: id message` line, but for the claim-unbacked
notes, which are one line per page with their count unless --show-notes
(there are thousands on a real tree). The summary line says what it counts:
APIs, or API × version pairs over several versions, and the verdicts.

JSON: the test map and the verdicts as one document
(checker/schemas/tests.schema.json). Markdown: per docs version a table of
the products' backed shares, the claim-tests-disabled findings, and the
unbacked APIs in a folded list, for a pull request or a release review.
CSV: one row per docs version and documented API: the products marked
supported, whether an enabled NPU test backs it, the links by kind, the
number of tests and of NPU tests, the first test, and the verdicts on it
(the unbacked list is the rows whose `backed` is `no`); a text cell a
spreadsheet would read as a formula begins with `'`
(checker.report.escape.csv_cell)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, joined, ngettext, say
from checker.model.verdict import UNBACKED, Verdict
from checker.model.words import LEVEL_WORDS, word
from checker.outcome import Command
from checker.report.escape import csv_cell, markdown_code
from checker.report.escape import markdown as _markdown
from checker.report.formats import own_report
from checker.report.markdown.parts import row
from checker.report.objects import picked, tagged
from checker.report.plurals import cases_said, modules_said, versions_said
from checker.report.text import lines_of

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import TestsReport
    from checker.testmap.kept import VersionMap

REPORTS = {Command.TESTS: own_report(__name__, "text", "json", "markdown", "csv", summary=True)}


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def as_json(outcome: Outcome[TestsReport]) -> str:
    report = outcome.result
    document = {
        **tagged("tests"),
        "versions": [_version(mapped) for mapped in report.versions],
        "verdicts": [
            {
                "rule": v.verdict,
                "severity": v.severity.value if v.severity else None,
                **picked(v, ("path", "line", "entry_line", "api", "version")),
                "products": list(v.products),
                "message": say(v.detail),
                "disabled": [{"test": t, "path": p, "line": n} for t, p, n in v.disabled],
            }
            for v in report.verdicts
        ],
        "errors": list(outcome.errors),
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def as_text(outcome: Outcome[TestsReport], colour: bool = False) -> str:
    report = outcome.result
    lines: list[str] = []
    for mapped in report.versions:
        listed = mapped.disabled or _("none")
        lines.append(
            _("{version}: tests {tree} ({modules}, {cases}); disabled list: {listed}").format(
                version=mapped.version,
                tree=mapped.tree,
                modules=modules_said(mapped.modules),
                cases=cases_said(mapped.cases),
                listed=listed,
            )
        )
        linked = [f"{kind} {count}" for kind, count in mapped.linked]  # link kinds: ids
        kinds = say(joined(linked, N_("{first}, {then}"))) or "-"
        lines.append(
            "  "
            + _(
                "{reached} of {documented} documented APIs reached ({share}), "
                "{npu} on the NPU ({npu_share}): {kinds}"
            ).format(
                reached=mapped.reached,
                documented=mapped.documented,
                share=percent(mapped.reached, mapped.documented),
                npu=mapped.on_npu,
                npu_share=percent(mapped.on_npu, mapped.documented),
                kinds=kinds,
            )
        )
        for share in mapped.shares:
            counted = [f"{kind} {count}" for kind, count in share.by_kind if count]  # ids
            said = _("{product}: {backed} of {supported} supported claims backed ({share})")
            if counted:
                said = _("{said}: {kinds}").format(
                    said=said, kinds=say(joined(counted, N_("{first}, {then}")))
                )
            lines.append(
                "  "
                + said.format(
                    product=share.product,
                    backed=share.backed,
                    supported=share.supported,
                    share=percent(share.backed, share.supported),
                )
            )
    folded = _folded(report)
    for verdict in report.verdicts:
        level = word(LEVEL_WORDS, verdict.severity.value if verdict.severity else "note")
        if _foldable(verdict, report):
            count = folded.pop(verdict.path, 0)
            if count:  # the page's first note stands for them all
                said = ngettext(
                    "{count} API marked supported that no test reaches on the NPU "
                    "(--show-notes lists it)",
                    "{count} APIs marked supported that no test reaches on the NPU "
                    "(--show-notes lists them)",
                    count,
                ).format(count=count)
                lines.append(f"{verdict.path}:{verdict.line}: {verdict.verdict} [{level}] {said}")
            continue
        lines.append(
            f"{verdict.path}:{verdict.line}: {verdict.verdict} [{level}] {say(verdict.detail)}"
        )
    return lines_of(lines)


def _foldable(verdict: Verdict, report: TestsReport) -> bool:
    """A claim-unbacked note, shown as its page's count unless --show-notes."""
    return not report.show_notes and verdict.verdict == UNBACKED and verdict.severity is None


def _folded(report: TestsReport) -> dict[str, int]:
    """Each page's claim-unbacked notes, counted."""
    return dict(Counter(v.path for v in report.verdicts if _foldable(v, report)))


def summary(outcome: Outcome[Any]) -> str:
    report: TestsReport = outcome.result
    counted = Counter(v.verdict for v in report.verdicts)
    each = [f"{count} {check}" for check, count in sorted(counted.items())]  # check ids
    verdicts = say(joined(each, N_("{first}, {then}")))
    reached = sum(m.reached for m in report.versions)
    documented = sum(m.documented for m in report.versions)
    npu = sum(m.on_npu for m in report.versions)
    if len(report.versions) > 1:  # an API documented for four versions counts four times
        said = _(
            "{versions}, {reached} of {documented} documented API × version pairs reached "
            "by a test, {npu} by an NPU test; {verdicts}; exit {code}"
        )
    else:
        said = _(
            "{versions}, {reached} of {documented} documented APIs reached by a test, "
            "{npu} by an NPU test; {verdicts}; exit {code}"
        )
    return said.format(
        versions=versions_said(len(report.versions)),
        reached=reached,
        documented=documented,
        npu=npu,
        verdicts=verdicts or _("no verdicts"),
        code=int(outcome.exit_code),
    )


def _version(mapped: VersionMap) -> dict[str, Any]:
    return {
        **picked(mapped, ("version", "tree")),
        "disabled_list": mapped.disabled,
        **picked(mapped, ("modules", "cases", "documented", "reached")),
        "reached_npu": mapped.on_npu,
        "linked": dict(mapped.linked),
        "shares": [
            {**picked(s, ("product", "supported", "backed")), "by_kind": dict(s.by_kind)}
            for s in mapped.shares
        ],
        "links": [
            picked(k, ("api", "test", "kind", "line", "exact", "device")) for k in mapped.links
        ],
    }


def as_markdown(outcome: Outcome[TestsReport]) -> str:
    report, errors = outcome.result, outcome.errors
    title, product, supported = _("Claims against the tests"), _("product"), _("supported")
    backed, share_of, input_error = _("backed"), _("share"), _("input error")
    lines = [f"## {title}", ""]
    for mapped in report.versions:
        lines += [
            f"### {_markdown(mapped.version)}",
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
            lines.append(row(_markdown(share.product), *shared, percentage, *counts))
        lines.append("")
        mine = [v for v in report.verdicts if v.version == mapped.version]
        for verdict in (v for v in mine if v.severity is not None):
            where = markdown_code(f"{verdict.path}:{verdict.line}")
            said = _markdown(say(verdict.detail))
            lines.append(f"- {where} **{_markdown(verdict.verdict)}** {said}")
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
    lines += [f"- {input_error}: {_markdown(error)}" for error in errors]
    return "\n".join(lines).rstrip("\n") + "\n"


FIELDS = (
    *("version", "api", "supported", "backed", "call", "method", "opinfo", "rule"),
    *("tests", "npu_tests", "first_test", "verdicts"),
)


def as_csv(outcome: Outcome[TestsReport]) -> str:
    report = outcome.result
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    verdicts: dict[tuple[str, str], set[str]] = {}
    for v in report.verdicts:
        verdicts.setdefault((v.version, v.api), set()).add(v.verdict)
    for mapped in report.versions:
        links: dict[str, list[tuple[str, str]]] = {}
        on_npu: dict[str, set[str]] = {}
        for link in mapped.links:
            links.setdefault(link.api, []).append((link.kind, link.test))
            if link.on_npu:
                on_npu.setdefault(link.api, set()).add(link.test)
        backed = mapped.backed
        for api, products in mapped.claims:
            found = links.get(api, [])
            kinds = [sum(1 for kind, _ in found if kind == k) for k in FIELDS[4:8]]
            tests = sorted({test for _, test in found})
            cells = [
                mapped.version,
                api,
                " ".join(products),
                "yes" if api in backed else "no",
                *kinds,
                len(tests),
                len(on_npu.get(api, ())),
                tests[0] if tests else "",
                " ".join(sorted(verdicts.get((mapped.version, api), ()))),
            ]
            writer.writerow([csv_cell(cell) for cell in cells])
    return out.getvalue()
