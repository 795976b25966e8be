"""The docs' claims against the tests that back them, one docs version at a
time: the verdicts (checker.model.verdict) and the shares backed. A claim is
what an entry says of a product; it is backed when an enabled test reaches
its API on the NPU. Only NPU links (checker.testmap.links: `Link.on_npu`)
count: a test that runs the API on CPU tensors neither backs a claim of NPU
support nor contradicts a ✘. Three verdicts, each a registry id:

- `claim-unbacked` (note): a product marked supported, and no NPU test of
  any kind reaches the API at that version (CPU tests may: the message says so);
- `claim-tests-disabled` (warning): a product marked supported, every NPU test
  that reaches the API by `call` or `opinfo` is disabled on NPU for that
  release (for that product, or for every product), and no enabled NPU test
  calls it as a method either;
- `unsupported-but-tested` (note): ✘ for every product, while enabled NPU
  tests reach the API (by `call`, `opinfo` or a method of a known class).

A case is disabled when every name the runner gives it is a key of the
version's disabled list; a case whose names cannot all be listed (an open,
parametrised or @ops one, whose other variants may run) is never taken as
wholly disabled."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from checker.i18n import N_, joined, message
from checker.model.support import Entry, Support
from checker.model.verdict import DISABLED, TESTED, UNBACKED, Verdict, severity_of
from checker.testmap.disabled import Disabled, DisabledList
from checker.testmap.links import Link
from checker.testmap.refs import CALL, METHOD, OPINFO, RULE

KINDS = (CALL, METHOD, OPINFO, RULE)


@dataclass(frozen=True)
class Share:
    """How many of the APIs the docs support on a product are backed by tests."""

    version: str
    product: str
    supported: int  # APIs the docs mark supported for the product at the version
    backed: int  # of them, reached by an enabled test
    by_kind: tuple[tuple[str, int], ...]  # (kind, APIs backed by an enabled test of that kind)


class Disabling:
    """A version's disabled list, asked of one case and product at a time."""

    def __init__(self, listed: DisabledList | None) -> None:
        self.listed = listed
        self.keys = listed.by_test() if listed else {}
        self.names_of: dict[str, set[str]] = {}
        for cls, name in self.keys:
            if cls is not None:
                self.names_of.setdefault(cls, set()).add(name)

    def of(self, link: Link, product: str) -> list[Disabled] | None:
        """The keys that disable the link's case for the product; None when it runs."""
        case = link.case
        if case is None or self.listed is None or case.open:
            return None
        # asked about 400,000 times on a real tree (each link, per entry and
        # product), mostly of a case no key names: its first name says so
        first = case.name + case.variants[0] if case.variants else case.name
        if (case.cls, first) not in self.keys and (None, first) not in self.keys:
            return None
        found: list[Disabled] = []
        for name in case.names():
            keys = self.keys.get((case.cls, name), []) + self.keys.get((None, name), [])
            keys = [k for k in keys if not k.products or product in k.products]
            if not keys:
                return None
            found.append(keys[0])
        return found


def judge(
    version: str,
    entries: Sequence[tuple[Entry, Mapping[str, str]]],
    links: dict[str, list[Link]],
    disabling: Disabling,
) -> tuple[list[Verdict], list[Share]]:
    """The verdicts on one version's entries, and the backed share per product.
    `entries`: each with what it says of each product at its page's release
    (checker.model.said); `links`: each API's links at the version."""
    verdicts: list[Verdict] = []
    supported: dict[str, set[str]] = {}
    backed: dict[str, set[str]] = {}
    kinds: dict[tuple[str, str], set[str]] = {}
    for entry, said in entries:
        yes = [p for p, s in said.items() if s == Support.SUPPORTED]
        every = links.get(entry.api, [])
        reached = [link for link in every if link.on_npu]
        for product in yes:
            supported.setdefault(product, set()).add(entry.api)
            for link in reached:
                if disabling.of(link, product) is None:
                    backed.setdefault(product, set()).add(entry.api)
                    kinds.setdefault((product, link.kind), set()).add(entry.api)
        if yes and not reached:
            verdicts.append(_verdict(UNBACKED, entry, yes, _unbacked(entry, yes, every)))
        elif yes:
            verdicts += _disabled(entry, yes, reached, disabling)
        if said and all(s == Support.UNSUPPORTED for s in said.values()):
            enabled = [
                link
                for link in reached
                if (link.kind != METHOD or link.exact)
                and any(disabling.of(link, p) is None for p in said)
            ]
            if enabled:
                verdicts.append(_verdict(TESTED, entry, list(said), _tested(entry, enabled)))
    shares = [
        Share(
            version,
            product,
            len(apis),
            len(backed.get(product, ())),
            tuple((kind, len(kinds.get((product, kind), ()))) for kind in KINDS),
        )
        for product, apis in sorted(supported.items())
    ]
    return verdicts, shares


def _disabled(
    entry: Entry, yes: list[str], reached: list[Link], disabling: Disabling
) -> list[Verdict]:
    strong = [link for link in reached if link.kind in (CALL, OPINFO)]
    if not strong:
        return []
    methods = [link for link in reached if link.kind == METHOD]
    products: list[str] = []
    keys: dict[str, tuple[str, str, int]] = {}
    listed_at = disabling.listed.path if disabling.listed else ""
    for product in yes:
        found = [(link, disabling.of(link, product)) for link in strong]
        runs = any(disabling.of(link, product) is None for link in methods)
        if not runs and all(disabled for _, disabled in found):
            products.append(product)
            for link, disabled in found:
                for key in disabled or ():
                    keys.setdefault(link.test, (link.test, listed_at, key.line))
    if not products:
        return []
    listed = tuple(sorted(keys.values()))
    tests = "; ".join(f"{test} ({path}:{line})" for test, path, line in listed[:3])
    if len(listed) > 3:
        tests = message(N_("{tests}; and {count} more"), tests=tests, count=len(listed) - 3)
    said = message(
        N_(
            "{api} is marked supported on {products} for {version}, and every test "
            "that reaches it is disabled on NPU: {tests}"
        ),
        api=entry.api,
        products=joined(products, N_("{first}, {then}")),
        version=entry.version,
        tests=tests,
    )
    return [_verdict(DISABLED, entry, products, said, listed)]


def _unbacked(entry: Entry, yes: list[str], cpu: list[Link]) -> str:
    products = joined(yes, N_("{first}, {then}"))
    said = {"api": entry.api, "products": products, "version": entry.version}
    if not cpu:
        return message(
            N_("{api} is marked supported on {products} for {version}, and no test reaches it"),
            **said,
        )
    return message(
        N_(
            "{api} is marked supported on {products} for {version}, and only tests "
            "on the CPU reach it: {tests}"
        ),
        **said,
        tests=_listed(cpu),
    )


def _listed(links: list[Link]) -> str:
    """The first three tests, and how many more."""
    tests: str = ", ".join(sorted({link.test for link in links})[:3])
    more = len({link.test for link in links}) - 3
    if more > 0:
        tests = message(N_("{tests} and {count} more"), tests=tests, count=more)
    return tests


def _tested(entry: Entry, enabled: list[Link]) -> str:
    tests = _listed(enabled)
    return message(
        N_(
            "{api} is marked unsupported on every product for {version}, "
            "and enabled tests reach it on the NPU: {tests}"
        ),
        api=entry.api,
        version=entry.version,
        tests=tests,
    )


def _verdict(
    check: str,
    entry: Entry,
    products: list[str],
    message: str,
    disabled: tuple[tuple[str, str, int], ...] = (),
) -> Verdict:
    return Verdict(
        check,
        severity_of(check),
        entry.api,
        entry.version,
        tuple(products),
        entry.path,
        entry.line_of(products[0]),
        entry.line,
        message,
        disabled=disabled,
    )
