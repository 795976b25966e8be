"""Rules over the versions a page names outside its entries' native-doc links:
a pytorch.org docs link elsewhere (notes, the overview) and the page's title
must name the version of the page's folder. A folder copied for a new version
keeps the old one in both, and nothing else would say so."""

from __future__ import annotations

from collections.abc import Iterator

from checker.i18n import N_, message
from checker.model.edit import Edit
from checker.model.finding import Finding, finding
from checker.model.relinked import with_version
from checker.model.support import Page
from checker.model.version import docs_version


def check_mentions(page: Page) -> Iterator[Finding]:
    wanted = docs_version(page.version)
    # The native-doc lines are link-version's, which names the entry's API.
    native = {entry.link_line for entry in page.entries if entry.link is not None}
    for mention in page.mentions:
        if mention.kind == "link" and mention.version != wanted and mention.line not in native:
            said = message(
                N_("link into PyTorch docs {linked}, the page documents {version}: {url}"),
                linked=mention.version,
                version=page.version,
                url=mention.written,
            )
            fix = (Edit(mention.line, mention.written, with_version(mention, wanted)),)
            yield finding("link-docs-version", page.path, mention.line, said, fix=fix)
        elif mention.kind == "title" and mention.version != page.version:
            said = message(
                N_("the title names PyTorch {named}, the folder is {version}"),
                named=mention.version,
                version=page.version,
            )
            fix = (Edit(mention.line, mention.written, with_version(mention, page.version)),)
            yield finding("version-title", page.path, mention.line, said, fix=fix)
