"""What an entry says of each product at its page's torch-npu release: the one
answer to it, which every command gives (lint's doc-differs-from-rule and its
comparisons of two entries, verify's verdicts, show, export and diff's
records, the report's site, the pull-request report, the tests' claims,
verify --backed's statuses, migrate's order of products).

A page read at a release (`Page.release`: a git ref or a folder named like a
release branch) does not know a product that release predates (the
catalogue's `since`): its plain 是 says nothing of it, not even "unstated",
and the product is not listed. A product the status names is listed all the
same (explicit wins: the page is taken at its word). The release is the
page's, never read from an entry: at a ref an entry's path is the one inside
the tree, shared by every ref that holds the same blob."""

from __future__ import annotations

from checker.model.catalogue import Catalogue
from checker.model.support import Entry, Page, Status


def known(catalogue: Catalogue, page: Page) -> tuple[str, ...]:
    """The products of the catalogue's scope the page's release knows, in the
    scope's order: what a status naming no product speaks of on it."""
    return catalogue.scope_at(page.release)


def said_of(catalogue: Catalogue, page: Page, entry: Entry) -> dict[str, str]:
    """Product -> supported / unsupported / unstated, in the scope's order:
    each product the page's release knows, and each other product of the
    scope the entry's status names. `entry`: one of the page's (placed or not)."""
    return entry.expanded(spoken_of(catalogue, known(catalogue, page), entry.status))


def spoken_of(
    catalogue: Catalogue, known: tuple[str, ...], status: Status | None
) -> tuple[str, ...]:
    """The products an entry of `status` speaks of on a page whose release
    knows `known` (said_of's products, for a check that has the entry alone)."""
    if status is None or not status.named:
        return known
    return tuple(p for p in catalogue.scope if p in known or p in status.products)
