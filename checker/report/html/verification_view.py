"""What verify runs and the test map say of the claims: on the index, per
version and product, how many claims were verified on an NPU of that
product, by a CPU reference run only, by a test double only, or not at all,
and how many APIs a repository test reaches; on a page, the verdicts and the
runs of its APIs at its version. A run that no NPU took part in never reads
as an NPU run: a reference run says so, a fake one says FAKE."""

from __future__ import annotations

from collections import Counter

from checker.i18n import _, say
from checker.model.evidence import Evidence
from checker.model.support import Page
from checker.report.environment import environment_fields
from checker.report.escape import html as esc
from checker.report.html.elements import (
    VERIFIED_WORDS,
    heading,
    muted,
    status_word,
    table,
)
from checker.report.html.shape import Shape
from checker.report.notes import NO_PRODUCT
from checker.results import Site
from checker.testmap.refs import NPU
from checker.verify.report_load import Verified


def verification_summary(site: Site, shape: Shape) -> str:
    parts = [heading(_("Verification"))]
    verification = site.verification
    if verification is None:
        hint = _(
            "Nothing verified given: report --verify-report FILE (from verify --format json) "
            "or --evidence FILE."
        )
        parts.append(muted(hint))
    else:
        counts: Counter[tuple[str, str, Verified]] = Counter(
            (r.version, r.product, verification.of(r.api, r.version, r.product))
            for r in site.records
        )
        kinds = list(Verified)
        rows = []
        for version in shape.versions:
            for product in site.products:
                cells = "".join(
                    f'<td class="n" data-kind="{k.value}">{counts[(version, product, k)]}</td>'
                    for k in kinds
                )
                name = site.names[(product, shape.langs[0])]
                rows.append(f"<tr><td>{esc(version)}</td><td>{esc(name)}</td>{cells}</tr>")
        head = [_("version"), _("product"), *(_(VERIFIED_WORDS[k.value]) for k in kinds)]
        files = ", ".join(verification.files)
        parts.append(muted(_("from {files}").format(files=files)))
        parts.append(_fake_warning(verification.evidence))
        parts.append(table(head, rows, "verification"))
        parts.append(_environments(verification.evidence))
    parts.append(_tests_summary(site, shape))
    return "".join(parts)


def _fake_warning(evidence: tuple[Evidence, ...]) -> str:
    if not any(e.environment.fake_npu or e.environment.fake_torch for e in evidence):
        return ""
    said = _("FAKE: some runs used a test double (a fake torch_npu or torch); they verify nothing.")
    return f'<p class="fake">{esc(said)}</p>\n'


def environment_kind(evidence: Evidence) -> str:
    env = evidence.environment
    if env.fake_npu or env.fake_torch:
        return _("FAKE run (test double, never counted)")
    if env.verifies_npu:
        return _("NPU run: {npu} ({product})").format(npu=env.npu_name, product=env.product)
    if env.of_no_product:
        return _("NPU run: {npu} ({product})").format(npu=env.npu_name, product=_(NO_PRODUCT))
    return _("CPU reference run, no NPU")


def _environments(evidence: tuple[Evidence, ...]) -> str:
    rows = []
    for record in evidence:
        env = record.environment
        shown = {field.key: field.value for field in environment_fields(env)}
        rows.append(
            f"<tr><td>{esc(environment_kind(record))}</td><td>{esc(shown['TORCH'])}</td>"
            f"<td>{esc(shown['TORCH_NPU'])}</td><td>{esc(', '.join(record.docs_versions))}</td>"
            f'<td class="n">{len(record.runs)}</td><td>{esc(say(env.note))}</td></tr>'
        )
    head = [_("environment"), "torch", "torch_npu", _("docs versions"), _("runs"), _("note")]
    return table(head, rows, "environments") if rows else ""


def _tests_summary(site: Site, shape: Shape) -> str:
    tested = site.linted.tested
    if tested is None:
        hint = _("No test map (report --tests DIR or --test-ref REF).")
        return muted(hint)
    rows = []
    for version in shape.versions:
        documented = {r.api for r in site.records if r.version == version}
        reached = sum(1 for api in documented if tested.get((version, api)))
        on_npu = sum(
            1 for api in documented if any(t.device == NPU for t in tested.get((version, api), ()))
        )
        rows.append(
            f'<tr data-version="{esc(version)}"><td>{esc(version)}</td>'
            f'<td class="n">{reached}</td><td class="n">{on_npu}</td>'
            f'<td class="n">{len(documented)}</td></tr>'
        )
    # only an NPU test backs a claim; a CPU one is shown, and counted apart
    head = [_("version"), _("APIs reached by a test"), _("APIs reached by an NPU test")]
    head.append(_("APIs documented"))
    return heading(_("Tests")) + table(head, rows, "tests")


def page_verification(site: Site, page: Page) -> str:
    """The verdicts and runs of the page's APIs at its version, or ""."""
    verification = site.verification
    if verification is None:
        return ""
    apis = {entry.api for entry in page.entries}
    judged = verification.judged_at(page.version, apis)
    runs = verification.runs_at(page.version, apis)
    if not judged and not runs:
        return ""
    rows = [
        f'<tr><td class="api">{esc(r.api)}</td><td>{esc(site.names[(r.product, page.lang)])}</td>'
        f"<td>{esc(status_word(r.documented))}</td><td>{esc(status_word(r.expected))}</td>"
        f"<td>{esc(r.observed)}</td><td>{esc(r.verdict)}</td><td>{esc(say(r.detail))}</td></tr>"
        for r in judged
    ]
    head = [_("API"), _("product"), _("documented"), _("expected"), _("observed on NPU")]
    parts = [heading(_("Verify verdicts"))]
    parts.append(table([*head, _("verdict"), _("detail")], rows, "verdicts"))
    run_rows = [
        f'<tr><td class="api">{esc(api)}</td><td>{esc(environment_kind(evidence))}</td>'
        f"<td>{esc(evidence.environment.torch or '-')}</td><td>{esc(say(summary))}</td></tr>"
        for evidence, api, summary in runs
    ]
    parts.append(heading(_("Evidence")))
    parts.append(table([_("API"), _("environment"), "torch", _("result")], run_rows, "runs"))
    return "".join(parts)
