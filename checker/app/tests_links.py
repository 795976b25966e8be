"""What links a docs version's tests to the APIs it documents, for the test
map (checker.app.tests): its test tree's cases (checker.testmap.links, with
torch's OpInfo tables read once when an `@ops` test names one), and the
rules whose `test` backs their API (map_rules, rule_links), where the tree
holds that test (held_links)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from checker.app.setup import Prepared
from checker.model.expectation import Expectation
from checker.testmap.backing import Disabling
from checker.testmap.cache import ScanCache
from checker.testmap.documented import Documented
from checker.testmap.links import Link, links_of, ops_links, table_links
from checker.testmap.opdb import OpDb, installed_torch, op_db_key, read_op_db
from checker.testmap.refs import NPU, OPDB, RULE
from checker.testmap.tree import TestTree
from checker.verify.rule_files import load_rules, shipped_rule_files


class Tables:
    """The OpInfo tables of the installed torch (checker.testmap.opdb), read
    once and only when an `@ops` test names one."""

    def __init__(self, cache: ScanCache) -> None:
        self.cache = cache
        self.read = False
        self.db: OpDb | None = None
        self._key: str | None = None

    def key(self) -> str:
        """A digest of the tables the links would be made with (checker.testmap.opdb),
        taken once: part of each version's kept map's key."""
        if self._key is None:
            self._key = op_db_key(installed_torch())
        return self._key

    def get(self) -> OpDb | None:
        if not self.read:
            self.read = True
            root = installed_torch()
            self.db = read_op_db(root, self.cache.folder) if root is not None else None
        return self.db


def tree_links(
    tree: TestTree, documented: Documented, disabling: Disabling, tables: Tables
) -> list[Link]:
    found: list[Link] = []
    for path, scanned in tree.modules:
        found += links_of(path, scanned, documented)
        for case, refs in zip(scanned.cases, scanned.refs, strict=True):
            if not case.ops:
                continue
            listed: list[Link] = []
            if case.cls in disabling.names_of:
                listed = ops_links(path, case, disabling.names_of[case.cls], documented)
            found += listed
            db = tables.get() if any(kind == OPDB for kind, _, _ in refs) else None
            if db is not None:
                named = {link.api for link in listed}  # a disabled list's names come first
                found += [
                    link
                    for link in table_links(path, case, refs, db, documented)
                    if link.api not in named
                ]
    return found


def held_links(rules: list[Link], apis: set[str], tree: TestTree) -> list[Link]:
    """The rules' links of the documented APIs whose test file the tree holds
    (a rule names it from the repository's root, the tree may be `test/` or
    `ref:test`): a test the tree lacks backs nothing there."""
    paths = [path for path, _ in tree.modules]
    return [
        link
        for link in rules
        if link.api in apis
        and any(
            path == link.path or path.endswith((f"/{link.path}", f":{link.path}")) for path in paths
        )
    ]


def map_rules(ready: Prepared) -> list[Expectation]:
    """The rules whose `test` backs their API in `tests` and `lint --tests`:
    the shipped ones and the configuration's (verify maps with its own)."""
    files = shipped_rule_files() + [Path(name) for name in ready.config.rules]
    return load_rules(files, ready.catalogue)


def rule_links(rules: Sequence[Expectation]) -> list[Link]:
    """A rule's `test` backs its API (kind `rule`): verify runs it on the NPU."""
    found: list[Link] = []
    for rule in rules:
        if rule.test:
            path = rule.test.split("::", 1)[0]
            found.append(Link(rule.api, rule.test, RULE, 0, True, None, path, NPU))
    return found
