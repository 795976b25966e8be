"""What a writer does in the editor, as the end-to-end tests of the server
drive it through a pytest-lsp client: open, type, apply a quick fix, and
wait for the diagnostics the server publishes."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

# the server as CI's installed package starts it
SERVER = [sys.executable, "-m", "checker", "server"]
TIMEOUT = 20  # seconds a test waits for what the server publishes


async def session(client: LanguageClient, root: Path) -> AsyncIterator[None]:
    """The server initialized on the workspace `root` until the module's
    tests are done, then shut down: the body of each module's client fixture."""
    params = types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=root.as_uri())
    await client.initialize_session(params)
    yield
    await client.shutdown_session()


class Editor:
    """What a writer does in the editor: open, type, apply a quick fix."""

    def __init__(self, client: LanguageClient, path: Path) -> None:
        self.client, self.uri = client, path.as_uri()
        self.text, self.version = path.read_text(encoding="utf-8"), 1

    def open(self, text: str | None = None) -> None:
        self.text = self.text if text is None else text
        item = types.TextDocumentItem(self.uri, "markdown", self.version, self.text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(item))

    def close(self) -> None:
        identifier = types.TextDocumentIdentifier(self.uri)
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(identifier))

    def replace_on(self, line: int, old: str, new: str) -> None:
        """Types `new` over `old` on `line` (1-based): an incremental change."""
        lines = self.text.split("\n")
        start = _utf16(lines[line - 1][: lines[line - 1].index(old)])
        where = types.Range(
            types.Position(line - 1, start), types.Position(line - 1, start + _utf16(old))
        )
        change = types.TextDocumentContentChangePartial(range=where, text=new)
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        self._changed("\n".join(lines), [change])

    def apply(self, edits: Sequence[types.TextEdit]) -> None:
        """A workspace edit's line edits applied, as an editor sends them: the whole text."""
        lines = self.text.split("\n")
        for edit in sorted(edits, key=lambda e: e.range.start.line, reverse=True):
            start, end = edit.range.start.line, edit.range.end.line
            lines[start:end] = edit.new_text.split("\n")[:-1]
        text = "\n".join(lines)
        self._changed(text, [types.TextDocumentContentChangeWholeDocument(text=text)])

    def _changed(self, text: str, changes: list[types.TextDocumentContentChangeEvent]) -> None:
        self.text, self.version = text, self.version + 1
        document = types.VersionedTextDocumentIdentifier(self.version, self.uri)
        params = types.DidChangeTextDocumentParams(document, changes)
        self.client.text_document_did_change(params)

    async def diagnostics(
        self, until: Callable[[list[tuple[int, str | None]]], bool]
    ) -> list[tuple[int, str | None]]:
        """The page's diagnostics as (line, rule), once `until` holds of them."""
        for _ in range(TIMEOUT * 20):
            found = [
                (d.range.start.line + 1, str(d.code) if d.code else None)
                for d in self.client.diagnostics.get(self.uri, [])
            ]
            if self.uri in self.client.diagnostics and until(found):
                return found
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.uri}: {self.client.diagnostics.get(self.uri)}")


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def row_of(text: str, api: str, cell: str) -> int:
    """The line (1-based) of the product row `cell` of `api`'s table."""
    lines = text.split("\n")
    heading = lines.index(f"### {api}")
    return next(n for n in range(heading, len(lines)) if cell in lines[n]) + 1
