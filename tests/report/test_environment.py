"""An evidence record's environment, one list of fields every format shows
(checker.report.environment): a field added there is in the text line and
the Markdown block, in the order given, in either language."""

from __future__ import annotations

import pytest

from checker.i18n import _, chosen
from checker.model.evidence import Case, Environment, Evidence, Run
from checker.report.environment import ENVIRONMENT_LINE, environment_fields, environment_line
from checker.report.markdown.validation import block

ENV = Environment(
    "Linux", "3.11.10", "2.12.0", "2.12.0.post1", "8.5.RC1", "Ascend910B3", 8, "atlas-a2", "npu",
    False, "NPU run on Ascend910B3",
)  # fmt: skip
RECORD = Evidence(
    ENV,
    (Run("torch.x", "b", "behaviour", ("py",), (Case("c", True),), 0.5, 0, "passed"),),
    "e.json",
)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_text_line_names_every_field(language: str) -> None:
    with chosen(language):
        line = _(ENVIRONMENT_LINE)
    for field in environment_fields(ENV):
        assert "{" + field.name + "}" in line, field


def test_the_text_line_shows_every_value() -> None:
    line = environment_line(RECORD)
    assert line == (
        "e.json: Linux | Python 3.11.10 | torch 2.12.0 | torch_npu 2.12.0.post1 | "
        "CANN 8.5.RC1 | NPU Ascend910B3 (atlas-a2) | visible NPUs 8"
    )
    assert all(field.value in line for field in environment_fields(ENV))


def test_the_markdown_block_lists_every_field_in_order() -> None:
    keys = [line.split("=", 1)[0] for line in block(RECORD)[1:]]
    fields = [field.key for field in environment_fields(ENV)]
    assert keys == ["API", "TARGET_BRANCH", *fields, "COMMAND", "RESULT", "NOTE"]


def test_a_run_without_torch_for_versions_says_so_in_the_run_s_language() -> None:
    """An interpreter where torch does not import, run for docs versions:
    its torch is `-`, never Python's `None`, and the versions are listed
    with the language's comma (the new user's path found both)."""
    import dataclasses

    from checker.report.markdown.validation import version_served

    bare = dataclasses.replace(ENV, torch=None)
    record = dataclasses.replace(RECORD, environment=bare, version=("2.7.1", "2.12.0"))
    assert version_served(record) == ("no docs version (run for 2.7.1, 2.12.0, but its torch is -)")
    with chosen("zh"):
        assert (
            version_served(record) == "不对应任何资料版本（为 2.7.1，2.12.0 运行，但其 torch 为 -）"
        )
