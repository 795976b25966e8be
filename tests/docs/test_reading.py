"""How the executed-docs runner reads the Markdown and compares outputs
(docs/internals.md, "Executed documentation"), on small pages written here."""

from __future__ import annotations

from pathlib import Path

from tests.docs.examples import read, rewrite, shown
from tests.docs.test_examples import matches, normalised
from tests.helpers import REPO

PAGE = """# A page

Run it (exit code 1):

```sh
docs-check lint examples/docs \\
    --quiet   # findings only
```

```text
a finding
```

## Two blocks

```sh
docs-check tests x
```

```text
the report
```

and on stderr:

```text
the summary
```

## Not its output

```sh
docs-check rules
```

One paragraph.

Another paragraph.

```text
an excerpt of something else
```

<!-- docs-check-example: skip (needs a clone) -->
```sh
docs-check lint --git . --ref master
```

````markdown
```sh
docs-check inside a quoted block
```
````
"""


def examples(tmp_path: Path, text: str = PAGE) -> list:  # type: ignore[type-arg]
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return read(page, tmp_path)


def test_a_command_and_the_output_block_after_it(tmp_path: Path) -> None:
    first = examples(tmp_path)[0]
    assert first.commands == ("docs-check lint examples/docs     --quiet   # findings only",)
    assert [shown(tmp_path / "page.md", block) for block in first.outputs] == ["a finding\n"]
    assert first.exit_code == 1  # from the paragraph that introduces it
    assert first.name == "page.md:5"


def test_a_second_block_said_to_be_stderr(tmp_path: Path) -> None:
    second = examples(tmp_path)[1]
    said = [shown(tmp_path / "page.md", block) for block in second.outputs]
    assert said == ["the report\n", "the summary\n"]
    assert second.exit_code is None


def test_a_block_two_paragraphs_away_is_no_output(tmp_path: Path) -> None:
    assert examples(tmp_path)[2].outputs == ()


def test_a_marked_example_is_skipped_with_its_reason(tmp_path: Path) -> None:
    found = examples(tmp_path)
    assert [example.skip for example in found] == [None, None, None, "needs a clone"]
    # the ```sh inside the ````markdown block is text of that block, no example
    assert len(found) == 4


def test_an_elided_line_stands_for_any_lines_and_nothing_else_is_loose() -> None:
    actual = "head\none\ntwo\ntail 0.004 s\n"
    assert matches("head\n…\ntail 0.5 s\n", actual)
    assert matches("head\none\ntwo\ntail 1.25 s\n", actual)
    assert not matches("head\ntail 0.5 s\n", actual)
    assert not matches("head\n…\ntail\n", actual)
    assert not matches("…\nhead\none\n", actual)


def test_the_installed_package_and_durations_are_written_alike() -> None:
    import checker

    installed = str(Path(checker.__file__).resolve().parent)
    assert normalised(f"({installed}/_rules/put_metric.toml:19) in 0.0046 s  \n") == (
        "(…/site-packages/checker/_rules/put_metric.toml:19) in <time>\n"
    )


def test_update_rewrites_only_the_output_block(tmp_path: Path) -> None:
    found = examples(tmp_path)
    page = tmp_path / "page.md"
    rewrite(page, {found[1].outputs[0]: "new\nreport\n"})
    assert page.read_text(encoding="utf-8") == PAGE.replace(
        "```text\nthe report\n```", "```text\nnew\nreport\n```"
    )


def test_the_configuration_sample_is_the_file_the_examples_run() -> None:
    text = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    start = text.index("```toml\n# .docs-check.toml at the root") + len("```toml\n")
    sample = REPO / "examples" / "docs" / "docs-check.sample.toml"
    assert text[start : text.index("```\n", start)] == sample.read_text(encoding="utf-8")


def test_a_shown_output_writes_this_machines_values_as_placeholders() -> None:
    """A reader compares the README's `verify` output with theirs: the
    platform, the Python version and the durations differ on every machine,
    so the docs write them as <platform>, Python <version> and <time>, which
    the comparison reads as any value. docs/speed.md is the exception: its
    durations are the measurement it records."""
    from tests.docs.examples import every_example
    from tests.docs.test_examples import _PLATFORM, _PYTHON, _TIME

    literal = [
        f"{example.name}: {line}"
        for example in every_example(REPO)
        if not example.name.startswith("docs/speed.md:")
        for block in example.outputs
        for line in shown(REPO / example.name.rpartition(":")[0], block).splitlines()
        if _TIME.search(line) or _PLATFORM.search(line) or _PYTHON.search(line)
    ]
    assert literal == []
