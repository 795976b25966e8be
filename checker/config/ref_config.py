"""The docs repository's configuration as it is at the docs ref (`--git REPO
--ref REF`, the first ref given): its `.docs-check.toml`, or `pyproject.toml`
with [tool.docs-check], at the repository's root, and the rule files it names,
all read from that ref. The working tree may be another branch, or carry
edits; the docs being checked are those of the ref, and so are their rules.
Files read this way are named `ref:path`, as pages at refs are."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from checker.config.config import CONFIG_FILE, PYPROJECT, Config, has_table, load_config
from checker.errors import DataError
from checker.i18n import N_
from checker.model.catalogue import Catalogue
from checker.sources.gitrefs import GitRef
from checker.sources.gittrees import git_files


def config_at_ref(ref: GitRef, catalogue: Catalogue) -> Config | None:
    """The configuration at `ref`; None when the ref has none."""
    found = dict(git_files(ref, [CONFIG_FILE, PYPROJECT]))
    for name in (CONFIG_FILE, PYPROJECT):
        if name not in found:
            continue
        path, text = Path(f"{ref.ref}:{name}"), _text(found[name], f"{ref.ref}:{name}")
        if name == PYPROJECT and not has_table(path, text):
            continue
        config = load_config(path, catalogue, text)
        return _with_rule_files(config, ref, {str(path): text})
    return None


def _with_rule_files(config: Config, ref: GitRef, texts: dict[str, str]) -> Config:
    """The rule files the configuration names, read at the ref too."""
    wanted = [rule.removeprefix("./") for rule in config.rules]
    found = dict(git_files(ref, wanted)) if wanted else {}
    names = []
    for rule in wanted:
        name = f"{ref.ref}:{rule}"
        if rule not in found:
            raise DataError.saying(
                N_("{path}: rule file {rule} is not at {ref}"),
                path=str(config.path),
                rule=rule,
                ref=ref.ref,
            )
        texts[name] = _text(found[rule], name)
        names.append(name)
    return dataclasses.replace(config, rules=tuple(names), texts=texts)


def _text(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError.saying(
            N_("{path}: cannot read it: {why}"), path=name, why=str(error)
        ) from None
