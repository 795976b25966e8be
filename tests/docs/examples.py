"""The shell examples of README.md and docs/*.md, read as docs/internals.md
("Executed documentation") says: every ```sh block is an example; a ```text
block after it, with one paragraph at most between them, is its shown output
(two of them, the paragraph before the second saying "stderr": stdout, then
stderr); "exit code N" in that prose, or in the paragraph ending with a colon
that introduces the example, is its exit code; an HTML comment
`<!-- docs-check-example: ... -->` on the lines just above the fence says how
it runs (`skip (why)`, `corpus`, `release-clone`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^( *)(`{3,})([\w-]*)\s*$")
HEADING = re.compile(r"^#{1,6} ")
MARKER = re.compile(r"^\s*<!-- docs-check-example: (.*?) -->\s*$")
SKIP = re.compile(r"skip \((.+)\)")
EXIT_CODE = re.compile(r"exit code (\d+)")
# Where an example runs, when a marker says so (the default: "checkout").
PLACES = ("corpus", "release-clone")


@dataclass(frozen=True)
class Block:
    """A fenced block: the line of its opening fence (1-based), its language,
    and the lines of its content, [first, end) 0-based."""

    line: int
    indent: int
    lang: str
    first: int
    end: int


@dataclass(frozen=True)
class Example:
    doc: str  # the Markdown file, from the repository root
    ordinal: int  # its place among the doc's examples
    command_block: Block
    commands: tuple[str, ...]
    outputs: tuple[Block, ...]  # (), (stdout and stderr,) or (stdout, stderr)
    exit_code: int | None
    skip: str | None
    where: str  # "checkout", "corpus" or "release-clone": see PLACES

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.command_block.line}"


def blocks(lines: list[str]) -> list[Block]:
    """Every fenced block, a longer fence holding shorter ones as text."""
    found = []
    index = 0
    while index < len(lines):
        opened = FENCE.match(lines[index])
        if not opened:
            index += 1
            continue
        indent, ticks, lang = len(opened[1]), opened[2], opened[3]
        end = index + 1
        while end < len(lines):
            closing = FENCE.match(lines[end])
            if closing and not closing[3] and len(closing[2]) >= len(ticks):
                break
            end += 1
        found.append(Block(index + 1, indent, lang, index + 1, end))
        index = end + 1
    return found


def commands(lines: list[str], block: Block) -> tuple[str, ...]:
    """The block's commands, one a line, `\\`-continued lines joined, comment
    and blank lines left out."""
    joined: list[str] = []
    pending = ""
    for raw in lines[block.first : block.end]:
        line = raw[block.indent :] if not raw[: block.indent].strip() else raw.lstrip()
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1]
            continue
        joined.append(pending + line)
        pending = ""
    if pending:
        joined.append(pending)
    return tuple(joined)


def _markers(lines: list[str], fence: int) -> list[str]:
    """The example markers on the comment lines just above the fence (0-based)."""
    said = []
    index = fence - 1
    while index >= 0 and lines[index].lstrip().startswith("<!--"):
        marker = MARKER.match(lines[index])
        if marker:
            said.append(marker[1])
        index -= 1
    return said


def _between(lines: list[str], after: Block, before: Block) -> str | None:
    """The prose between two blocks when it is one paragraph at most (None for
    more, or a heading): an output block follows its command that closely."""
    text = "\n".join(lines[after.end + 1 : before.line - 1]).strip()
    if "\n\n" in text or any(HEADING.match(line) for line in text.splitlines()):
        return None
    return text


def _introduction(lines: list[str], fence: int) -> str:
    """The paragraph just above the fence (0-based), markers skipped, when it
    ends with a colon: it introduces the example."""
    index = fence - 1
    while index >= 0 and (not lines[index].strip() or lines[index].lstrip().startswith("<!--")):
        index -= 1
    paragraph = []
    while index >= 0 and lines[index].strip() and not FENCE.match(lines[index]):
        paragraph.insert(0, lines[index])
        index -= 1
    text = "\n".join(paragraph)
    return text if text.rstrip().endswith(":") else ""


def read(path: Path, root: Path) -> list[Example]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = blocks(lines)
    examples: list[Example] = []
    for at, block in enumerate(found):
        if block.lang != "sh":
            continue
        outputs: list[Block] = []
        prose: list[str] = []
        for following in found[at + 1 : at + 3]:
            between = _between(lines, outputs[-1] if outputs else block, following)
            if following.lang != "text" or between is None:
                break
            if outputs and "stderr" not in between:
                break
            outputs.append(following)
            prose.append(between)
        markers = _markers(lines, block.line - 1)
        skips = [m[1] for m in map(SKIP.fullmatch, markers) if m]
        said = [_introduction(lines, block.line - 1), *prose]
        codes = [int(code) for text in said for code in EXIT_CODE.findall(text)]
        examples.append(
            Example(
                doc=path.relative_to(root).as_posix(),
                ordinal=len(examples),
                command_block=block,
                commands=commands(lines, block),
                outputs=tuple(outputs),
                exit_code=codes[-1] if codes else None,
                skip=skips[0] if skips else None,
                where=next((m for m in markers if m in PLACES), "checkout"),
            )
        )
    return examples


def documents(root: Path) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def every_example(root: Path) -> list[Example]:
    return [example for path in documents(root) for example in read(path, root)]


def shown(path: Path, block: Block) -> str:
    """A block's text as the reader sees it (its indent removed)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "".join(line[block.indent :] + "\n" for line in lines[block.first : block.end])


def rewrite(path: Path, replacements: dict[Block, str]) -> None:
    """Replace the content of the given blocks, bottom-up, keeping their indent."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for block, text in sorted(replacements.items(), key=lambda item: -item[0].first):
        body = [(" " * block.indent + line).rstrip() + "\n" for line in text.splitlines()]
        lines[block.first : block.end] = body
    path.write_text("".join(lines), encoding="utf-8")
