"""An evidence record's environment as every report shows it: its fields in
one order, each with the KEY the Markdown report's VALIDATION EVIDENCE block
writes, the name the text report's line gives its value and the value as
recorded (`-` for none). The text line, the Markdown block and table and the
site's tables all take them from here, so that a field added to the record
(checker.model.evidence) is shown by adding it here: the block lists every
field, the text line names every one (a test holds it to that).

A value that a test double reported is marked FAKE by each format in its own
words, and the NPU named with its product; those words are the formats'."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.i18n import N_, _
from checker.report.notes import NO_PRODUCT

if TYPE_CHECKING:
    from checker.model.evidence import Environment, Evidence


@dataclass(frozen=True)
class Field:
    """One field of an environment, as every format shows it."""

    key: str  # the VALIDATION EVIDENCE block's KEY
    name: str  # its placeholder in the text line (ENVIRONMENT_LINE)
    value: str


def environment_fields(env: Environment) -> tuple[Field, ...]:
    return (
        Field("PLATFORM", "platform", env.platform),
        Field("PYTHON", "python", env.python),
        Field("TORCH", "torch", env.torch or "-"),
        Field("TORCH_NPU", "torch_npu", env.torch_npu or "-"),
        Field("CANN", "cann", env.cann or "-"),
        Field("NPU", "npu", env.npu_name or "-"),
        Field("VISIBLE_NPU", "visible", str(env.visible_npus)),
    )


# The text report's line of a record: every field's placeholder, the NPU's product after it.
ENVIRONMENT_LINE = N_(
    "{origin}{run_for}: {platform} | Python {python} | torch {torch} | "
    "torch_npu {torch_npu} | CANN {cann} | NPU {npu} ({product}) | visible NPUs {visible}"
)


def environment_line(evidence: Evidence) -> str:
    """The text report's line: where the record comes from, and its fields."""
    env = evidence.environment
    values = {field.name: field.value for field in environment_fields(env)}
    run_for = _(" (run for docs {version})") if evidence.run_for else ""
    values |= {
        "origin": _("live") if evidence.origin == "live" else evidence.origin,
        "run_for": run_for.format(version=evidence.run_for),
        "torch": torch_text(env),
        "product": env.product or _(NO_PRODUCT if env.npu_name else N_("no product")),
    }
    return _(ENVIRONMENT_LINE).format(**values)


def torch_text(env: Environment) -> str:
    """The torch release as the text reports say it: `2.12.0 (FAKE release)`
    where a test double reported it."""
    return (env.torch or "-") + (_(" (FAKE release)") if env.fake_torch else "")
