"""A finding's message that names another place (duplicate-api's "documented
again ... as at", api-conflict's "contradicts", lang-parity's "says otherwise,
at") names it relative to the current folder, in every format, whether the
pages were given as relative or as absolute paths (lintrunner passes absolute
ones), never as an absolute temporary folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Invoke

ZH = "docs/zh/api/native_api/pytorch_2-12-0"
EN = "docs/en/native_apis/pytorch_2-12-0"


def entry(api: str, a3: str) -> str:
    return (
        f"## {api}\n\n"
        f"**原生文档**：[{api}](https://pytorch.org/docs/2.12/elastic/metrics.html#{api})\n\n"
        "**支持情况**：\n\n"
        "| 硬件 | 是否支持 |\n"
        "| ---- | :----: |\n"
        "| <term>Atlas A2 训练系列产品</term> | ✔ |\n"
        f"| <term>Atlas A3 训练系列产品</term> | {a3} |\n"
        "| <term>Ascend 950DT</term> | ✘ |\n\n"
    )


# (path, text): the same API twice alike (duplicate-api), one twice unlike
# (api-conflict), and an English page that says otherwise (lang-parity)
PAGES = {
    f"{ZH}/first.md": "# first\n\n" + entry("torch.a.same", "✔") + entry("torch.a.unlike", "✔"),
    f"{ZH}/second.md": "# second\n\n" + entry("torch.a.same", "✔") + entry("torch.a.unlike", "✘"),
    f"{EN}/first.md": "# first\n\n" + entry("torch.a.same", "✘") + entry("torch.a.unlike", "✔"),
}
# every message that names another place, with the place as it should read
EXPECTED = {
    ("duplicate-api", f"{ZH}/second.md", 3): (
        f"torch.a.same is documented again for 2.12.0, as at {ZH}/first.md:3"
    ),
    ("api-conflict", f"{ZH}/second.md", 24): (
        f"torch.a.unlike for 2.12.0 contradicts {ZH}/first.md:24 "
        "(atlas-a3 unsupported here, supported there)"
    ),
    ("lang-parity", f"{ZH}/first.md", 12): (
        f"torch.a.same: the en page for 2.12.0 says otherwise, at {EN}/first.md:12 "
        "(atlas-a3 supported here, unsupported there)"
    ),
    ("lang-parity", f"{EN}/first.md", 12): (
        f"torch.a.same: the zh page for 2.12.0 says otherwise, at {ZH}/first.md:12 "
        "(atlas-a3 unsupported here, supported there)"
    ),
}


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The docs repository, the current folder (as lintrunner runs a linter)."""
    root = tmp_path / "repo"
    for path, text in PAGES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def given(repo: Path, absolute: bool) -> list[str]:
    return [str(repo / path) if absolute else path for path in PAGES]


def messages(fmt: str, out: str) -> dict[tuple[str, str, int], str]:
    """(rule, path, line) -> message of the findings that name another place."""
    if fmt == "text":
        found = {}
        for line in out.splitlines():
            place, _, rest = line.partition(": ")
            path, _, number = place.rpartition(":")
            rule, _, said = rest.partition(" ")
            found[rule, path, int(number)] = said
    elif fmt == "json":
        found = {
            (f["rule"], f["path"], f["line"]): f["message"] for f in json.loads(out)["findings"]
        }
    elif fmt == "sarif":
        found = {}
        for result in json.loads(out)["runs"][0]["results"]:
            where = result["locations"][0]["physicalLocation"]
            uri, line = where["artifactLocation"]["uri"], where["region"]["startLine"]
            found[result["ruleId"], uri, line] = result["message"]["text"]
    else:
        records = [json.loads(line) for line in out.splitlines()]
        found = {(m["name"], m["path"], m["line"]): m["description"] for m in records}
    rules = {rule for rule, *_ in EXPECTED}
    return {key: said for key, said in found.items() if key[0] in rules}


def relative(found: dict[tuple[str, str, int], str], repo: Path) -> dict[tuple[str, str, int], str]:
    """The finding's own path named from the repository, as EXPECTED names it."""
    prefixes = (f"file://{repo}/", f"{repo}/")
    named = {}
    for (rule, path, line), said in found.items():
        for prefix in prefixes:
            path = path.removeprefix(prefix)
        named[rule, path, line] = said
    return named


@pytest.mark.parametrize("absolute", [False, True], ids=["relative", "absolute"])
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "lintrunner"])
def test_a_message_names_the_other_place_from_the_current_folder(
    cli: Invoke, repo: Path, fmt: str, absolute: bool
) -> None:
    code, out, err = cli("lint", "--no-cache", "--format", fmt, *given(repo, absolute))
    assert code in (0, 1), err  # lintrunner's adapter exits 0 on findings
    found = messages(fmt, out)
    assert relative(found, repo) == EXPECTED
    assert str(repo) not in "".join(found.values())


def test_the_finding_keeps_its_own_path_as_given(cli: Invoke, repo: Path) -> None:
    """Only the place a message names is named from the current folder; the
    finding's own path stays as it was given (an editor opens either)."""
    _, out, _ = cli("lint", "--no-cache", *given(repo, True))
    duplicate = next(line for line in out.splitlines() if " duplicate-api " in line)
    assert duplicate == (
        f"{repo}/{ZH}/second.md:3: duplicate-api torch.a.same is documented again for "
        f"2.12.0, as at {ZH}/first.md:3"
    )


def test_pages_outside_the_current_folder_are_named_as_given(
    cli: Invoke, repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a folder beside the repository, `../repo/docs/...` would name the
    page no better than the absolute path the finding itself carries."""
    beside = tmp_path / "elsewhere"
    beside.mkdir()
    monkeypatch.chdir(beside)
    _, out, _ = cli("lint", "--no-cache", *given(repo, True))
    duplicate = next(line for line in out.splitlines() if " duplicate-api " in line)
    assert duplicate.endswith(f"as at {repo}/{ZH}/first.md:3")
    _, out, _ = cli("lint", "--no-cache", *(f"../repo/{path}" for path in PAGES))
    duplicate = next(line for line in out.splitlines() if " duplicate-api " in line)
    assert duplicate.endswith(f"as at ../repo/{ZH}/first.md:3")
