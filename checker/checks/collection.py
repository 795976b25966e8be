"""Rules over many entries: the product set of a file, and one entry per API
per version."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import pairwise

from checker.files import named_from_here
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.finding import Finding, finding
from checker.model.said import said_of
from checker.model.support import UNSTATED, Entry, Page


def check_product_sets(page: Page) -> Iterator[Finding]:
    """Entries that enumerate products (tables, blocks) should enumerate the same
    ones across a file; the odd one out is usually a copy-paste slip."""
    # Pairs, not a dict keyed by entry: hashing whole entries was most of the cost.
    sets = [
        (entry, frozenset(entry.status.products))
        for entry in page.entries
        if entry.status is not None and entry.status.rest is None and entry.status.named
    ]
    if not sets:
        return
    usual, _ = Counter(products for _, products in sets).most_common(1)[0]
    for entry, products in sets:
        if products != usual:
            said = message(
                N_(
                    "{api} names other products than the rest of the file "
                    "(extra: {extra}; missing: {missing})"
                ),
                api=entry.api,
                extra=_listed(products - usual),
                missing=_listed(usual - products),
            )
            # At the first extra product's own row; a missing one has no line
            # but the status's.
            line = min((entry.line_of(p) for p in products - usual), default=entry.status_line)
            yield finding("product-set-differs", entry.path, line, said)


@dataclass(frozen=True)
class Names:
    """A page's API names, each once, and those it documents more than once."""

    once: frozenset[str]
    again: frozenset[str]


def page_names(page: Page) -> Names:
    return names_of([entry.api for entry in page.entries])


def names_of(apis: Sequence[str]) -> Names:
    """The Names of a page whose entries are of `apis`, in order."""
    once = frozenset(apis)
    if len(once) == len(apis):
        return Names(once, frozenset())
    return Names(once, frozenset(api for api, count in Counter(apis).items() if count > 1))


def duplicates_among(
    repeated: Mapping[Group, Set[str]], holding: Sequence[Page], catalogue: Catalogue
) -> Iterator[Finding]:
    """duplicate-api and api-conflict, from what documented_again found
    (`repeated` names among the `holding` pages), on which alone they depend:
    a page that holds no repeated name adds none. Per docs tree: each git ref
    read, and each docs root (checker.model.roots), is a tree of its own (the
    same API at two refs, or in two checkouts, is no duplicate). A
    second entry that says what the first says is noise to merge; one that
    says otherwise leaves readers without an answer."""
    first: dict[tuple[str, str, str, str], tuple[Page, Entry]] = {}
    classes = set().union(*(_classes_over_methods(page) for page in holding))
    for page, entry in ((held, entry) for held in holding for entry in held.entries):
        if entry.api not in repeated[page.tree, entry.lang, entry.version]:  # (the page's)
            continue  # documented once: nothing to compare (most entries)
        key = (page.tree, entry.lang, entry.version, entry.api)
        if key not in first:
            first[key] = (page, entry)
            continue
        earlier_page, earlier = first[key]
        # Over the products both pages speak of (checker.model.said): a page
        # whose release predates a product says nothing of it, not even
        # "unstated" (the rule is the same as lang-parity's).
        here, there = _both(catalogue, (page, entry), (earlier_page, earlier))
        scope = list(here)
        unlike = [product for product in scope if here[product] != there[product]]
        # Saying nothing of a product contradicts no statement of it.
        differ = [p for p in unlike if UNSTATED not in (here[p], there[p])]
        if not differ:
            if (entry.path, entry.line) in classes and (earlier.path, earlier.line) in classes:
                # A class heading over its methods on both pages (Named-Tensors.md
                # repeats `class torch.Tensor` over the methods it lists, as
                # PyTorch's own named_tensor page does): the page's frame, not a
                # second statement to merge. Saying otherwise is still a conflict.
                continue
            where = _place(earlier.path, earlier.line)
            again = {"api": entry.api, "version": entry.version, "where": where}
            said = message(N_("{api} is documented again for {version}, as at {where}"), **again)
            if unlike:
                said = message(
                    N_(
                        "{api} is documented again for {version}, as at {where} "
                        "(one of the two says nothing of {products})"
                    ),
                    **again,
                    products=", ".join(unlike),
                )
            yield finding("duplicate-api", entry.path, entry.line, said)
            continue
        product = differ[0]
        where = _place(earlier.path, earlier.line_of(product))
        said = message(
            N_("{api} for {version} contradicts {where} ({said})"),
            api=entry.api,
            version=entry.version,
            where=where,
            said=_pairs(here, there, differ),
        )
        yield finding("api-conflict", entry.path, entry.line_of(product), said)


def _classes_over_methods(page: Page) -> set[tuple[str, int]]:
    """The (path, line) of the page's entries that head their own methods: an
    entry followed on its page by one named `<its api>.<member>`."""
    entries = page.entries
    return {
        (entry.path, entry.line)
        for entry, after in pairwise(entries)
        if after.api.startswith(entry.api + ".")
    }


Group = tuple[str, str, str]  # tree, language, version


def documented_again(
    pages: Sequence[Page], names: Callable[[Page], Names]
) -> tuple[dict[Group, set[str]], list[Page]]:
    """Per tree, language and version, the APIs of more than one entry, found
    with set operations over each page's names, and the pages (in order) that
    hold any of them: all duplicates_among has to look at. `names`: page_names,
    or a memo of it (a history's pages are the same blobs ref after ref)."""
    seen: dict[Group, set[str]] = {}
    again: dict[Group, set[str]] = {}
    named: list[tuple[Page, Group, frozenset[str]]] = []
    for page in pages:
        mine = names(page)
        # an entry's language and version are its page's
        group = (page.tree, page.lang, page.version)
        once, twice = seen.setdefault(group, set()), again.setdefault(group, set())
        twice |= once & mine.once
        twice |= mine.again
        once |= mine.once
        named.append((page, group, mine.once))
    holding = [page for page, group, apis in named if not again[group].isdisjoint(apis)]
    return again, holding


def check_lang_parity(pages: Sequence[Page], catalogue: Catalogue) -> Iterator[Finding]:
    """Per docs tree and version with pages in both languages, each API's first
    zh and en entries (a second is duplicate-api's): one side missing is one
    finding, on the side that has it; statuses that differ (over the products
    both pages know, unstated included: a translation that drops a product
    says less) are one finding on each side, at the first such product's line."""
    langs: dict[tuple[str, str], set[str]] = {}
    for page in pages:
        langs.setdefault((page.tree, page.version), set()).add(page.lang)
    first: dict[tuple[str, str, str], dict[str, tuple[Page, Entry]]] = {}
    for page in pages:
        if not {"zh", "en"} <= langs[page.tree, page.version]:
            continue  # one language: nothing to compare (and most of the cost)
        for entry in page.entries:
            held_here = first.setdefault((page.tree, page.version, entry.lang), {})
            held_here.setdefault(entry.api, (page, entry))
    for (tree, version), held in langs.items():
        if not {"zh", "en"} <= held:
            continue
        zh, en = first.get((tree, version, "zh"), {}), first.get((tree, version, "en"), {})
        for api in sorted(zh.keys() | en.keys()):
            if api not in en:
                yield _lacking(zh[api][1], "en")
            elif api not in zh:
                yield _lacking(en[api][1], "zh")
            else:
                yield from _parity(zh[api], en[api], catalogue)


def _lacking(entry: Entry, lang: str) -> Finding:
    """At the entry of the language that has it."""
    said = message(
        N_("{api} has no {lang} entry for {version}"),
        api=entry.api,
        lang=lang,
        version=entry.version,
    )
    return finding("lang-parity", entry.path, entry.line, said)


def _both(
    catalogue: Catalogue, one: tuple[Page, Entry], other: tuple[Page, Entry]
) -> tuple[dict[str, str], dict[str, str]]:
    """What each of two entries says of the products both speak of at their
    pages' releases (checker.model.said), in the first's order."""
    mine, theirs = said_of(catalogue, *one), said_of(catalogue, *other)
    both = [product for product in mine if product in theirs]
    return {p: mine[p] for p in both}, {p: theirs[p] for p in both}


def _parity(
    zh_held: tuple[Page, Entry], en_held: tuple[Page, Entry], catalogue: Catalogue
) -> Iterator[Finding]:
    zh, en = zh_held[1], en_held[1]
    if zh.status is None or en.status is None:  # unreadable or missing: reported as such
        return
    zh_statuses, en_statuses = _both(catalogue, zh_held, en_held)
    scope = list(zh_statuses)
    for here, there, mine, other in (
        (zh, en, zh_statuses, en_statuses),
        (en, zh, en_statuses, zh_statuses),
    ):
        differ = [p for p in scope if mine[p] != other[p]]
        if not differ:
            return
        said = message(
            N_("{api}: the {lang} page for {version} says otherwise, at {where} ({said})"),
            api=here.api,
            lang=there.lang,
            version=here.version,
            where=_place(there.path, there.line_of(differ[0])),
            said=_pairs(mine, other, differ),
        )
        yield finding("lang-parity", here.path, here.line_of(differ[0]), said)


def _place(path: str, line: int) -> str:
    """The other place a message names (its `where`), `path:line`, the path
    from the current folder (checker.files.named_from_here): never the
    absolute folder the pages were given in."""
    return f"{named_from_here(path)}:{line}"


def _pairs(here: dict[str, str], there: dict[str, str], products: Sequence[str]) -> str:
    """`atlas-a2 supported here, unsupported there; ...` over `products`."""
    pair = N_("{product} {here} here, {there} there")
    return _joined([message(pair, product=p, here=here[p], there=there[p]) for p in products])


def _listed(products: Set[str]) -> str:
    """Product ids, or the word `none`."""
    return ", ".join(sorted(products)) or message(N_("none"))


def _joined(parts: Sequence[str]) -> str:
    """`a; b; c`, each part translated with the separator it is joined by."""
    if len(parts) == 1:
        return parts[0]
    return message(N_("{first}; {rest}"), first=parts[0], rest=_joined(parts[1:]))
