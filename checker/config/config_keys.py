"""The configuration keys and their checks: an unknown key or a value of the
wrong type is a DataError naming path:line. Rule files use the same checks for
the keys beside their [[rule]] tables."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from checker.config.coverage_keys import exclusions
from checker.config.ignore import Ignore
from checker.errors import DataError
from checker.i18n import N_, message
from checker.ids.registry import REGISTRY
from checker.ids.selectors import problem
from checker.ids.suggest import unknown_said
from checker.model.catalogue import Catalogue
from checker.model.name_form import plain_name
from checker.tomlfile import KeyPath, TomlLines, check_keys, require_strings

KEYS = (
    "coverage",
    "docs",
    "extend-select",
    "fail-on",
    "ignore",
    "rules",
    "scope",
    "select",
    "severity",
    "test-refs",
)
SEVERITIES = ("error", "warning", "off")
FAIL_ON = ("error", "warning")  # checker.outcome.FailOn
_IGNORE_KEYS = ("api", "path", "reason", "rule")


def check_settings(
    data: dict[str, Any],
    path: Path,
    where: TomlLines,
    table: KeyPath,
    catalogue: Catalogue,
    extra: Collection[str] = (),
) -> dict[str, Any]:
    """The configuration keys of `data` (the table at `table`), checked. Keys in
    `extra` belong to someone else and are left out."""

    def at(*key: str) -> str:
        return f"{path}:{where.nearest(table + key)}"

    known = sorted({*KEYS, *extra})
    for key in data:
        if key not in KEYS and key not in extra:
            raise DataError.saying(
                N_("{where}: unknown table or key {key!r} (known: {known})"),
                where=at(key),
                key=key,
                known=", ".join(known),
            )
    settings = {key: value for key, value in data.items() if key in KEYS}
    for key in ("docs", "rules", "scope"):
        if key in settings:
            settings[key] = _strings(settings[key], key, at(key))
    if settings.get("scope") == []:  # it would check nothing, and pass
        raise DataError.saying(
            N_("{where}: 'scope' names no product: give at least one product id"), where=at("scope")
        )
    unknown = [product for product in settings.get("scope", ()) if product not in catalogue.ids]
    if unknown:
        said = unknown_said(unknown, catalogue.ids)
        raise DataError.saying(
            N_("{where}: unknown product id in scope: {said}"), where=at("scope"), said=said
        )
    if "severity" in settings:
        settings["severity"] = _severity(settings["severity"], at)
    if "fail-on" in settings and settings["fail-on"] not in FAIL_ON:
        raise DataError(
            f'{at("fail-on")}: \'fail-on\' must be "error" or "warning" (the lowest level '
            f"that fails a run), not {settings['fail-on']!r}"
        )
    if "test-refs" in settings:
        settings["test-refs"] = _test_refs(settings["test-refs"], at)
    for key in ("select", "extend-select"):
        if key in settings:
            settings[key] = _selectors(settings[key], key, at(key))
    if "coverage" in settings:
        settings["coverage"] = exclusions(settings["coverage"], path, where, (*table, "coverage"))
    if "ignore" in settings:
        value = settings["ignore"]
        # `ignore = ["block-"]` as in ruff; [[ignore]] tables ignore findings on some pages
        names = [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
        tables = [item for item in value if not isinstance(item, str)] if names else value
        settings["ignore-rules"] = _selectors(names, "ignore", at("ignore"))
        settings["ignore"] = _ignores(tables, path, where, (*table, "ignore"), at)
    return settings


def _selectors(value: Any, key: str, where: str) -> list[str]:
    """Rule ids or prefixes (`block-`), each one that names a rule."""
    for selector in _strings(value, key, where) if value else ():
        why = problem(selector)
        if why is not None:
            raise DataError.saying(N_("{where}: {why} in {key!r}"), where=where, why=why, key=key)
    return list(value)


def _strings(value: Any, key: str, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        tables = isinstance(value, list) and any(isinstance(v, dict) for v in value)
        hint = message(N_(" (rule tables are [[rule]])")) if key == "rules" and tables else ""
        raise DataError.saying(
            N_("{where}: {key!r} must be an array of non-empty strings{hint}"),
            where=where,
            key=key,
            hint=hint,
        )
    return value


def _test_refs(value: Any, at: Callable[..., str]) -> dict[str, str]:
    """`test-refs = { "2.7.1" = "v2.7.1" }`: where each docs version's tests are."""
    if not isinstance(value, dict):
        raise DataError.saying(
            N_("""{where}: 'test-refs' must be a table of "2.7.1" = "v2.7.1", ..."""),
            where=at("test-refs"),
        )
    for version, ref in value.items():
        if not re.fullmatch(r"\d+\.\d+\.\d+", version):
            raise DataError.saying(
                N_("{where}: {version!r} is not a docs version like 2.7.1"),
                where=at("test-refs", version),
                version=version,
            )
        if not isinstance(ref, str) or not ref.strip():
            raise DataError.saying(
                N_("{where}: the ref of {version} must be a non-empty string"),
                where=at("test-refs", version),
                version=version,
            )
    return {version: ref.strip() for version, ref in value.items()}


def _severity(value: Any, at: Callable[..., str]) -> dict[str, str]:
    if not isinstance(value, dict):
        raise DataError.saying(
            N_("""{where}: 'severity' must be a table of rule = "error", ..."""),
            where=at("severity"),
        )
    for rule, level in value.items():
        if rule not in REGISTRY:
            raise DataError.saying(
                N_("{where}: {why} in severity"), where=at("severity", rule), why=_unknown(rule)
            )
        if level not in SEVERITIES:
            raise DataError.saying(
                N_(
                    "{where}: severity of {rule!r} must be "
                    '"error", "warning" or "off", not {level!r}'
                ),
                where=at("severity", rule),
                rule=rule,
                level=level,
            )
    return dict(value)


def _ignores(
    value: Any, path: Path, where: TomlLines, key: KeyPath, at: Callable[..., str]
) -> list[Ignore]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise DataError.saying(
            N_("{where}: 'ignore' must be an array of rule ids or of tables ([[ignore]])"),
            where=at("ignore"),
        )
    items = where.array_items(key)
    if len(items) != len(value):  # written inline: `ignore = [{...}]`
        items = [(where.line_of(key), None)] * len(value)
    return [_ignore(item, path, where, key, span) for item, span in zip(value, items, strict=True)]


def _ignore(
    item: dict[str, Any], path: Path, where: TomlLines, key: KeyPath, span: tuple[int, int | None]
) -> Ignore:
    header, stop = span

    def at(name: str) -> str:
        return f"{path}:{where.line_of((*key, name), header, stop, default=header)}"

    check_keys(item, "ignore", _IGNORE_KEYS, at)
    why = message(N_(" (why the findings are accepted)"))
    require_strings(item, "ignore", ("rule", "path", "reason"), f"{path}:{header}", why)
    if item["rule"] not in REGISTRY:
        raise DataError.saying(
            N_("{where}: {why} in ignore"), where=at("rule"), why=_unknown(item["rule"])
        )
    if "api" in item and (not isinstance(item["api"], str) or not item["api"].strip()):
        raise DataError.saying(N_("{where}: 'api' must be a non-empty string"), where=at("api"))
    api = plain_name(item["api"]) if "api" in item else None  # keyed as the pages' names are
    return Ignore(item["rule"], item["path"], api, item["reason"], f"{path}:{header}")


def _unknown(rule: str) -> str:
    """An id where only a whole id will do (a prefix is no severity)."""
    why = problem(rule)
    return (
        why
        if why is not None
        else message(N_("{rule!r} is a prefix of rule ids, not one id"), rule=rule)
    )
