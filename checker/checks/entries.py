"""Rules over one entry: status present, link agrees with the entry, notes name
only products the status lists, and speak of none as working that it marks
unsupported."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from urllib.parse import urlsplit

from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.edit import Edit
from checker.model.finding import Finding, finding
from checker.model.relinked import relinked
from checker.model.restrictions import working
from checker.model.said import spoken_of
from checker.model.support import Entry, NativeLink, Support
from checker.model.version import docs_version

_TERM = re.compile(r"<term>(.*?)</term>", re.DOTALL)
# Upstream names a generated page apart from its case-twin with a suffix:
# prune.identity_function.html is torch.nn.utils.prune.identity.
_PAGE_SUFFIX = re.compile(r"_(?:function|class)$")
_MODULE_ANCHOR = "module-"


def check_entry(entry: Entry, catalogue: Catalogue, known: Sequence[str]) -> Iterator[Finding]:
    """The rules of one entry. `known`: the products its page's release knows
    (Catalogue.scope_at)."""
    # No status and none written (no label, a label with nothing after it, a
    # table of only its header): missing. One written but not read was
    # reported where it is, by its reader (status-unreadable, unknown-product).
    if entry.status is None and not entry.raw:
        said = message(N_("{api} has no support status"), api=entry.api)
        yield finding("missing-status", entry.path, entry.line, said)
    yield from _link(entry)
    yield from _notes(entry, catalogue, known)
    yield from _contradicted(entry, catalogue, known)


def _link(entry: Entry) -> Iterator[Finding]:
    link = entry.link
    if link is None:
        return
    target = link.target
    if target and target.startswith(_MODULE_ANCHOR):  # Sphinx's anchor of a module's page
        target = target[len(_MODULE_ANCHOR) :]
    if target and target.startswith(("torch.", "torch_npu.")) and not _same_api(entry.api, link):
        pointed = N_("{api}: native-doc link points at {target}")
        said = message(pointed, api=entry.api, target=target)
        yield finding("link-target", entry.path, entry.link_line, said)
    wanted = docs_version(entry.version)
    if link.docs_version is not None and link.docs_version != wanted:
        said = message(
            N_("{api}: native-doc link is for PyTorch docs {linked}, the page documents {version}"),
            api=entry.api,
            linked=link.docs_version,
            version=entry.version,
        )
        fix = (Edit(entry.link_line, link.url, relinked(link.url, wanted)),)
        yield finding("link-version", entry.path, entry.link_line, said, fix=fix)


def _notes(entry: Entry, catalogue: Catalogue, known: Sequence[str]) -> Iterator[Finding]:
    # Statuses that name no product ("是") speak of the page's whole scope;
    # notes may then name any product in it, but not one the page's release
    # predates (a 7.3.0 page's 是 says nothing of Ascend 950).
    if not entry.notes_at or entry.status is None or not entry.notes:
        return
    listed = set(entry.status.products)
    if entry.status.rest is not None:
        listed |= set(known)
    reported = set()
    for line, text in entry.notes_at:
        for match in _TERM.finditer(text):
            product = catalogue.by_name(match.group(1))
            if product is None or product in listed or product in reported:
                continue
            reported.add(product)
            said = message(
                N_("{api}: restriction notes name {product}, which the status does not list"),
                api=entry.api,
                product=match.group(1).strip(),
            )
            at = line + text.count("\n", 0, match.start())  # a paragraph spans lines
            yield finding("notes-product", entry.path, at, said)


def _contradicted(entry: Entry, catalogue: Catalogue, known: Sequence[str]) -> Iterator[Finding]:
    """Notes that restrict how the API works on a product (`<term>X</term>：不支持
    complex64`) say it works there: a status marking X unsupported says the
    opposite. Once per product, at the first notes line that does; a status
    naming no product speaks only of the page's scope."""
    if not entry.notes_at or entry.status is None:
        return
    status = entry.status
    crossed = {
        p for p in spoken_of(catalogue, tuple(known), status) if status.of(p) is Support.UNSUPPORTED
    }
    if not crossed:  # most entries: nothing the notes could contradict, so no notes read
        return
    reported = set()
    for line, text in entry.notes_at:
        for said in working(text, catalogue):
            product = said.product
            if product in reported or product not in crossed:
                continue
            reported.add(product)
            told = message(
                N_(
                    "{api}: restriction notes speak of {product} as working, "
                    "but the status says unsupported (line {line})"
                ),
                api=entry.api,
                product=said.written,
                line=entry.line_of(product),
            )
            yield finding("notes-contradict-status", entry.path, line + said.offset, told)


def _same_api(api: str, link: NativeLink) -> bool:
    """The link's target is the API itself, or one of the names upstream
    documents it under: its defining module's (torch.cuda.memory.empty_cache
    for torch.cuda.empty_cache), a prefix repeated (torch.torch.finfo), or
    for a method its class's generated page. A name that merely holds the
    API's parts is another API (torch.Tensor.abs is not torch.abs), and a
    module's page is not a function's (torch.nn.functional for relu)."""
    target = link.target or ""
    if target.startswith(_MODULE_ANCHOR):  # a module's page: only a module's own
        return target[len(_MODULE_ANCHOR) :] == api
    if target == api:
        return True
    if not urlsplit(link.url).fragment:
        page = _PAGE_SUFFIX.sub("", target)
        if page == api or (api.startswith(page + ".") and _is_class(page)):
            return True
    return _through_modules(api, target)


def _through_modules(api: str, target: str) -> bool:
    """`target` is `api` with module names put in between its parts (the
    defining module, a repeated prefix), the first and last parts the same."""
    wanted, have = api.split("."), target.split(".")
    if wanted[0] != have[0] or wanted[-1] != have[-1]:
        return False
    matched = 1
    for part in have[1:-1]:
        if matched < len(wanted) - 1 and part == wanted[matched]:
            matched += 1
        elif _is_class(part):
            return False  # a class put in: a method of it, not the API
    return matched == len(wanted) - 1


def _is_class(name: str) -> bool:
    """Upstream's classes are capitalised (torch.cuda.Stream, torch.Tensor);
    its modules are not (torch.cuda.memory)."""
    return name.rsplit(".", 1)[-1].lstrip("_")[:1].isupper()
