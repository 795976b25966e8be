"""A PyTorch version a page names, made to name another: a pytorch.org docs
link's version part (link-version's and link-docs-version's fixes), a
mention's version (version-title's fix, `new-version`). Only the version is
replaced; the rest of the link or text stays as written."""

from __future__ import annotations

from checker.model.support import Mention


def with_version(mention: Mention, version: str) -> str:
    """The mention as written, naming `version` instead: a link's docs version
    segment, or the name's version."""
    if mention.kind == "link":
        return relinked(mention.written, version)
    return mention.written.replace(mention.version, version)


def relinked(url: str, docs_version: str) -> str:
    """A pytorch.org docs URL into `docs_version`: the path part after /docs/."""
    start = url.index("/docs/") + len("/docs/")
    end = url.index("/", start)
    return url[:start] + docs_version + url[end:]
