"""The rule files of a run, read: what the docs must say of an API, and which
behaviour test checks it. Users write them as `[[rule]]` tables in rule files
(TOML, data that is never executed); in the code they are `Expectation`s
(checker.model.expectation), so that "rule" means a finding's id and nothing
else. Problems name path:line."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path, PurePosixPath

from checker.config.config_keys import check_settings
from checker.errors import DataError
from checker.i18n import N_, joined
from checker.model.catalogue import Catalogue, rules_dir
from checker.model.expectation import Expectation
from checker.model.name_form import plain_name
from checker.model.status import read_status
from checker.tomlfile import check_keys, load_toml, require_strings

_KEYS = {"id", "api", "doc", "expect", "versions", "behaviour", "test"}
_REQUIRED = ("id", "api", "doc", "expect")
_BEHAVIOUR_NAME = re.compile(r"\w[\w-]*")
_RULE_HEADER = re.compile(r"^\s*\[\[\s*rule\s*\]\]")
REPO_RULES = ".docs-check.toml"


def shipped_rule_files() -> list[Path]:
    return sorted(p for p in rules_dir().glob("*.toml") if p.name != "catalogue.toml")


def rule_files(docs: Sequence[str], configured: Sequence[str], at_refs: bool) -> list[Path]:
    """The rule files of a run, each once: the shipped ones, a `.docs-check.toml`
    at each docs root (not at git refs, where the configuration at the docs ref
    names them), then `configured` (the configuration's, and --rules). What
    verify cross-checks and lint holds the pages to alike."""
    files = shipped_rule_files()
    if not at_refs:
        files += [Path(root, REPO_RULES) for root in docs if Path(root, REPO_RULES).is_file()]
    files += [Path(name) for name in configured]
    unique: dict[Path, Path] = {}  # a docs root or rule file given twice is read once
    for path in files:
        unique.setdefault(path.resolve(), path)
    return list(unique.values())


def load_rules(
    paths: Iterable[Path], catalogue: Catalogue, texts: Mapping[str, str] | None = None
) -> list[Expectation]:
    """`texts`: rule files read at a git ref, by name (`ref:path`)."""
    rules: list[Expectation] = []
    for path in paths:
        rules.extend(_load_file(path, catalogue, (texts or {}).get(str(path))))
    seen: dict[str, str] = {}
    for rule in rules:
        if rule.id in seen:
            raise DataError.saying(
                N_("{source}: rule id {id!r} already defined at {first}"),
                source=rule.source,
                id=rule.id,
                first=seen[rule.id],
            )
        seen[rule.id] = rule.source
    return rules


def _load_file(path: Path, catalogue: Catalogue, text: str | None) -> list[Expectation]:
    data, where = load_toml(path, N_("rule file"), text)
    lines = where.lines
    headers = [n + 1 for n, line in enumerate(lines) if _RULE_HEADER.match(line)]
    # beside its rules, a docs repo's .docs-check.toml holds its configuration
    check_settings(data, path, where, (), catalogue, extra=("rule", "tool", "product"))
    items = data.get("rule", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        line = where.nearest(("rule",))  # `rule = [1, 2]`, `rule = 3`: a value, not tables
        raise DataError.saying(
            N_("{path}:{line}: 'rule' must be an array of tables ([[rule]])"),
            path=str(path),
            line=line,
        )
    return [
        _rule(item, path, lines, headers[i] if i < len(headers) else 1, catalogue, text is not None)
        for i, item in enumerate(items)
    ]


def _rule(
    item: dict[str, object],
    path: Path,
    lines: list[str],
    header: int,
    catalogue: Catalogue,
    from_ref: bool,
) -> Expectation:
    def where(key: str) -> str:
        return f"{path}:{_key_line(lines, key, header)}"

    check_keys(item, "rule", sorted(_KEYS), where)
    require_strings(item, "rule", _REQUIRED, f"{path}:{header}")
    for key in ("behaviour", "test"):
        if key in item and not isinstance(item[key], str):
            raise DataError.saying(
                N_("{where}: {key!r} must be a string"), where=where(key), key=key
            )
    if "test" in item:
        _check_test(str(item["test"]), where)
    behaviour = str(item["behaviour"]) if "behaviour" in item else None
    behaviour_at = _behaviour_at(behaviour, path, where, from_ref) if behaviour else None
    versions = item.get("versions", [])
    if not isinstance(versions, list) or not all(isinstance(v, str) for v in versions):
        raise DataError.saying(
            N_("{where}: 'versions' must be a list of strings like \"2.12.0\""),
            where=where("versions"),
        )
    reading = read_status(str(item["expect"]), catalogue)
    if reading.status is None or reading.problems:
        why = joined([problem.message for problem in reading.problems], N_("{first}; {then}"))
        raise DataError.saying(
            N_("{where}: cannot read expect: {why}"), where=where("expect"), why=why
        )
    return Expectation(
        id=str(item["id"]),
        api=plain_name(str(item["api"])),  # keyed as the pages' names are
        doc=str(item["doc"]),
        expect=str(item["expect"]),
        expected=reading.status,
        versions=tuple(versions),
        behaviour=str(item["behaviour"]) if "behaviour" in item else None,
        behaviour_file=behaviour_at,
        behaviour_ref=str(path).partition(":")[0] if behaviour_at and from_ref else None,
        test=str(item["test"]) if "test" in item else None,
        source=f"{path}:{header}",
        expect_at=where("expect"),
        test_at=where("test") if "test" in item else "",
    )


def _behaviour_at(
    behaviour: str, path: Path, where: Callable[[str], str], from_ref: bool
) -> str | None:
    """None for a shipped behaviour's name; for a `.py` path, the file it names
    from the rule file's folder, which it may not leave."""
    if _BEHAVIOUR_NAME.fullmatch(behaviour):
        return None
    inside = PurePosixPath(behaviour)
    if behaviour.endswith(".py") and not inside.is_absolute() and ".." not in inside.parts:
        if from_ref:  # the rule file is `ref:path`: the behaviour's file is at that ref
            return str(PurePosixPath(str(path).partition(":")[2]).parent / inside)
        return str(path.parent / inside)
    raise DataError.saying(
        N_(
            "{where}: 'behaviour' must be a shipped behaviour's name like "
            '"put_metric", or the path of a .py file from the rule file\'s folder'
        ),
        where=where("behaviour"),
    )


def _check_test(test: str, where: Callable[[str], str]) -> None:
    """A repository test names a file of the docs repository (or of the test
    ref's tree) from its root, which it may not leave: the same rule as a
    behaviour's file, since both are code that verify runs."""
    file = PurePosixPath(test.split("::", 1)[0])
    if file.parts and not file.is_absolute() and ".." not in file.parts:
        return
    raise DataError.saying(
        N_(
            "{where}: 'test' must be the path of a test file inside the docs "
            'repository, like "test/test_x.py::TestX::test_y"'
        ),
        where=where("test"),
    )


def _key_line(lines: list[str], key: str, start: int) -> int:
    """The line of a rule's key: `key =`, or the sub-table `[rule.key]`."""
    pattern = re.compile(rf'^\s*(?:\[\s*rule\s*\.\s*)?"?{re.escape(key)}"?\s*[=\]]')
    for number in range(start, len(lines) + 1):
        if pattern.match(lines[number - 1]) or (
            number > start and _RULE_HEADER.match(lines[number - 1])
        ):
            return number if pattern.match(lines[number - 1]) else start
    return start
