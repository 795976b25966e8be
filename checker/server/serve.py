"""`docs-check server`: the Language Server Protocol over stdio, on pygls.
Each handler turns the protocol's values into the session's (checker.server
.session) and back; the lints run in a thread of their own, one at a time;
a handler that fails logs why to the client (window/logMessage) and the
server goes on, since one bad request must not cost the writer the rest of
the session."""

from __future__ import annotations

import asyncio
import functools
import inspect
import os
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from checker import __version__
from checker.app.setup import Settings
from checker.i18n import N_, message, say
from checker.model.finding import Finding, Severity
from checker.rewrite.replacements import Replacement
from checker.server.edits import actions
from checker.server.hover import entry_at, hover_text
from checker.server.session import Session, Shown

SOURCE = "docs-check"


class DocsServer(LanguageServer):
    def __init__(self, settings: Settings) -> None:
        super().__init__(SOURCE, __version__, types.TextDocumentSyncKind.Incremental)
        self.session = Session(settings)


def serve(settings: Settings) -> None:
    """Serves the editor on stdin and stdout until it exits or goes away."""
    server = DocsServer(settings)
    _register(server)
    server.start_io()


def _guarded(server: DocsServer, handler: Callable[..., Any]) -> Callable[..., Any]:
    """The handler, whose failure is logged to the client (with its
    traceback) and answered with nothing."""

    def failed(error: Exception) -> None:
        said = message(
            N_("docs-check server: {method} failed: {error}"),
            method=handler.__name__,
            error=f"{type(error).__name__}: {error}",
        )
        text = say(said) + "\n" + "".join(traceback.format_exception(error))
        server.window_log_message(
            types.LogMessageParams(type=types.MessageType.Error, message=text)
        )

    if inspect.iscoroutinefunction(handler):

        @functools.wraps(handler)
        async def waited(params: Any) -> Any:
            try:
                return await handler(params)
            except Exception as error:  # any failure: logged, the server goes on
                failed(error)
                return None

        return waited

    @functools.wraps(handler)
    def run(params: Any) -> Any:
        try:
            return handler(params)
        except Exception as error:  # any failure: logged, the server goes on
            failed(error)
            return None

    return run


def _register(server: DocsServer) -> None:
    session = server.session

    def publish(shown: dict[str, tuple[Shown, ...]]) -> None:
        for path, items in shown.items():
            diagnostics = [_diagnostic(item) for item in items]
            params = types.PublishDiagnosticsParams(uri=_uri(path), diagnostics=diagnostics)
            server.text_document_publish_diagnostics(params)

    def initialize(params: types.InitializeParams) -> None:
        # a run names paths from the workspace's root, as `lint` run there does
        folders = params.workspace_folders or []
        root = to_fs_path(folders[0].uri) if folders else None
        root = root or (to_fs_path(params.root_uri) if params.root_uri else None)
        if root and os.path.isdir(root):
            os.chdir(root)

    # One lint at a time, in a thread of its own: the server answers hovers
    # and quick fixes meanwhile, and reads the changes typed meanwhile; of
    # those, only the last of a page is linted (the others' lints would be
    # stale before they ended).
    linting = asyncio.Lock()
    linter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="docs-check-lint")
    latest: dict[str, int] = {}  # path -> the number of its last change

    async def relint(path: str) -> None:
        mine = latest[path] = latest.get(path, 0) + 1
        async with linting:
            if latest[path] != mine:
                return  # a later change of the page is linted instead
            loop = asyncio.get_running_loop()
            shown = await loop.run_in_executor(linter, session.lint, path)
        publish(shown)

    async def did_open(params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        session.edited(_path(document.uri), document.text)
        await relint(_path(document.uri))

    async def did_change(params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        text = server.workspace.get_text_document(uri).source  # pygls applied the changes
        session.edited(_path(uri), text)
        await relint(_path(uri))

    async def did_save(params: types.DidSaveTextDocumentParams) -> None:
        await relint(_path(params.text_document.uri))

    async def did_close(params: types.DidCloseTextDocumentParams) -> None:
        session.closed(_path(params.text_document.uri))
        await relint(_path(params.text_document.uri))

    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        text = server.workspace.get_text_document(uri).source
        first, last = params.range.start.line + 1, params.range.end.line + 1
        made = []
        path = _path(uri)
        fixed = session.fixed(path, text)
        for action in actions(session.findings(path), text, first, last, fixed):
            edits = [_text_edit(edit) for edit in action.edits]
            made.append(
                types.CodeAction(
                    title=say(action.title),
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[_diagnostic(action.finding)],
                    edit=types.WorkspaceEdit(changes={uri: edits}),
                    is_preferred=action.preferred or None,
                )
            )
        return made

    def hover(params: types.HoverParams) -> types.Hover | None:
        path = _path(params.text_document.uri)
        page = session.hover_page(path)
        entry = entry_at(page, params.position.line + 1) if page is not None else None
        if page is None or entry is None or session.ready is None:
            return None
        pages = [other for other in session.pages.values() if other.root == page.root]
        text = hover_text(entry, pages, session.ready.catalogue, session.rules_of(entry.api))
        content = types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)
        return types.Hover(contents=content)

    handlers: list[tuple[str, Callable[..., Any], Any]] = [
        (types.INITIALIZE, initialize, None),
        (types.TEXT_DOCUMENT_DID_OPEN, did_open, None),
        (types.TEXT_DOCUMENT_DID_CHANGE, did_change, None),
        (types.TEXT_DOCUMENT_DID_SAVE, did_save, None),
        (types.TEXT_DOCUMENT_DID_CLOSE, did_close, None),
        (
            types.TEXT_DOCUMENT_CODE_ACTION,
            code_action,
            types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
        ),
        (types.TEXT_DOCUMENT_HOVER, hover, None),
    ]
    for method, handler, options in handlers:
        server.feature(method, options)(_guarded(server, handler))


def _diagnostic(item: Shown) -> types.Diagnostic:
    """A finding (or why a file could not be read) on its whole line."""
    line = max(item.line - 1, 0)
    where = types.Range(types.Position(line, 0), types.Position(line + 1, 0))
    if isinstance(item, Finding):
        severity = (
            types.DiagnosticSeverity.Error
            if item.severity == Severity.ERROR
            else types.DiagnosticSeverity.Warning
        )
        return types.Diagnostic(where, say(item.message), severity, item.rule, source=SOURCE)
    return types.Diagnostic(where, say(item.message), types.DiagnosticSeverity.Error, source=SOURCE)


def _text_edit(edit: Replacement) -> types.TextEdit:
    """Whole lines replaced (or, with none, inserted), each with its ending."""
    start = types.Position(edit.first - 1, 0)
    end = types.Position(edit.last, 0)
    return types.TextEdit(types.Range(start, end), "".join(line + "\n" for line in edit.lines))


def _path(uri: str) -> str:
    path = to_fs_path(uri)
    if path is None:
        raise ValueError(say(message(N_("not a file: {uri}"), uri=uri)))
    return path


def _uri(path: str) -> str:
    return from_fs_path(path) or path
