"""Configuration: `.docs-check.toml` or `[tool.docs-check]` in pyproject.toml,
found upward from the current folder or the first docs path, or named by
--config; the command line wins; severity overrides and ignores apply to lint
and verify alike; every mistake in the file is one line naming path:line."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.app.setup import catalogue_for
from checker.config.config import Config, find_config, load_config
from checker.model.catalogue import default_catalogue
from tests.helpers import REPO

EXAMPLES = REPO / "examples" / "docs"
RULES = REPO / "tests" / "fixtures" / "verify" / "rules"
LINT_LINES = (REPO / "tests" / "fixtures" / "cli" / "lint.txt").read_text(encoding="utf-8")
(DIFFERS_EN, DUPLICATE, DIFFERS_11, UNREADABLE, MARK, LINK, BLOCK, DIFFERS_ZH) = LINT_LINES.replace(
    "examples/docs/", ""
).splitlines()
# what CONFIG leaves: all but the mark it turns off and the link it ignores
LEFT = (DIFFERS_EN, DUPLICATE, DIFFERS_11, UNREADABLE, BLOCK, DIFFERS_ZH)
SUMMARY = "findings ({}) in 6 files, 22 entries"
KNOWN = (
    "coverage, docs, extend-select, fail-on, ignore, product, rule, rules, scope, select, "
    "severity, test-refs, tool"
)
Invoke = Callable[..., tuple[int, str, str]]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


CONFIG = """\
docs = ["docs"]

[severity]
nonstandard-mark = "off"

[[ignore]]
rule = "link-version"
path = "docs/zh/**/torch-distributed-elastic.md"
reason = "upstream has no 2.12 docs for the events API yet"
"""


# -- where the configuration comes from ---------------------------------------------------


def test_docs_check_toml_at_the_repo_root(cli: Invoke, repo: Path) -> None:
    write(repo / ".docs-check.toml", CONFIG)
    code, out, err = cli("lint")
    assert code == 1
    assert out.splitlines() == list(LEFT)
    assert err == "6 " + SUMMARY.format("5 errors, 1 warning") + "; not shown: 2 ignored\n"


def test_found_from_a_subfolder_and_docs_are_relative_to_the_config(
    cli: Invoke, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(repo / ".docs-check.toml", CONFIG)
    monkeypatch.chdir(repo / "docs" / "zh")
    code, out, _ = cli("lint")
    assert code == 1
    assert out.splitlines() == [line.replace("docs/", "../") for line in LEFT]


def test_found_from_the_first_docs_path(
    cli: Invoke, repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(repo / ".docs-check.toml", CONFIG)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    code, out, err = cli("lint", "../repo/docs")
    assert code == 1
    assert out.splitlines() == [line.replace("docs/", "../repo/docs/") for line in LEFT]
    assert err.endswith("; not shown: 2 ignored\n")


def test_the_current_folder_wins_over_the_first_docs_path(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there" / "docs"
    there.mkdir(parents=True)
    here.mkdir()
    write(here / ".docs-check.toml", "")
    write(there.parent / ".docs-check.toml", "")
    assert find_config([str(here), str(there)]) == here / ".docs-check.toml"
    assert find_config([str(tmp_path), str(there)]) == there.parent / ".docs-check.toml"
    assert find_config([str(tmp_path)]) is None


def test_docs_with_their_own_config_inside_the_project_are_checked_under_it(
    tmp_path: Path,
) -> None:
    # docs-check's own checkout: its pyproject.toml configures its examples;
    # a test fixture inside it carries its own .docs-check.toml.
    project, fixture = tmp_path / "project", tmp_path / "project" / "fixture"
    fixture.mkdir(parents=True)
    write(project / "pyproject.toml", '[tool.docs-check]\ndocs = ["examples"]\n')
    write(fixture / ".docs-check.toml", "")
    assert find_config([str(project), str(fixture / "docs")]) == fixture / ".docs-check.toml"
    assert find_config([str(project), str(project / "examples")]) == project / "pyproject.toml"
    assert find_config([str(fixture), str(project)]) == fixture / ".docs-check.toml"


def test_pyproject_with_the_tool_table(cli: Invoke, repo: Path) -> None:
    write(
        repo / "pyproject.toml",
        '[project]\nname = "docs"\n\n[tool.docs-check]\nscope = ["atlas-a2"]\n'
        '[tool.docs-check.severity]\nnonstandard-mark = "error"\nlink-version = "warning"\n',
    )
    code, out, _ = cli("lint", "--format", "json")
    assert code == 1
    severities = {item["rule"]: item["severity"] for item in json.loads(out)["findings"]}
    assert severities["nonstandard-mark"] == "error"
    assert severities["link-version"] == "warning"
    _, out, _ = cli("show", "put_metric", "--format", "json")
    assert {tuple(entry["status"]) for entry in json.loads(out)["entries"]} == {("atlas-a2",)}


def test_a_pyproject_without_the_table_is_passed_over(tmp_path: Path) -> None:
    write(tmp_path / ".docs-check.toml", "")
    (tmp_path / "repo").mkdir()
    write(tmp_path / "repo" / "pyproject.toml", "[tool.ruff]\nline-length = 100 # docs-check\n")
    assert find_config([str(tmp_path / "repo")]) == tmp_path / ".docs-check.toml"


def test_config_option_names_the_file(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    write(repo / ".docs-check.toml", 'severity = { block-id-mismatch = "off" }\n')
    # docs and ignore globs are named from the config's folder
    text = CONFIG.replace('["docs"]', '["repo"]').replace('"docs/zh', '"repo/docs/zh')
    other = write(tmp_path / "gate.toml", text)
    code, out, _ = cli("lint", "--config", str(other))
    assert code == 1
    assert out.splitlines() == list(LEFT)


def test_the_command_line_wins(cli: Invoke, repo: Path) -> None:
    write(repo / ".docs-check.toml", 'docs = ["docs/en"]\nscope = ["atlas-a3"]\n')
    code, out, _ = cli("lint")
    assert (code, out.splitlines()) == (0, [DUPLICATE])
    code, out, _ = cli("lint", "docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md")
    assert (code, out.splitlines()) == (1, [BLOCK])
    _, out, _ = cli(
        "show", "put_metric", "--docs", ".", "--scope", "ascend-950", "--format", "json"
    )
    assert {tuple(entry["status"]) for entry in json.loads(out)["entries"]} == {("ascend-950",)}


# -- ignores ------------------------------------------------------------------------------


def test_an_ignore_by_file_name_and_api_glob(cli: Invoke, repo: Path) -> None:
    write(
        repo / ".docs-check.toml",
        '[[ignore]]\nrule = "duplicate-api"\npath = "torch-distributed-elastic.md"\n'
        'api = "torch.distributed.elastic.events.*"\nreason = "the en pages are frozen"\n\n'
        '[[ignore]]\nrule = "block-id-mismatch"\npath = "torch-utils-data.md"\n'
        'api = "torch.utils.data.Sampler"\nreason = "another API: no match"\n',
    )
    code, out, err = cli("lint")
    assert code == 1
    assert out.splitlines() == [
        ".docs-check.toml:7: unused-ignore [[ignore]] of block-id-mismatch for "
        "torch-utils-data.md (api torch.utils.data.Sampler) ignored nothing",
        DIFFERS_EN,
        DIFFERS_11,
        UNREADABLE,
        MARK,
        LINK,
        BLOCK,
        DIFFERS_ZH,
    ]
    assert err.endswith("; not shown: 1 ignored\n")


def test_severity_and_ignores_apply_to_verify_findings(cli: Invoke, repo: Path) -> None:
    shutil.copy(RULES / "extra-record.toml", repo / "record.toml")
    write(
        repo / ".docs-check.toml",
        'rules = ["record.toml"]\n[severity]\nmissing-entry = "off"\n'
        '[[ignore]]\nrule = "duplicate-api"\npath = "docs/en/*"\nreason = "frozen"\n',
    )
    code, out, err = cli("verify", "--no-live")
    assert code == 1
    assert out.split("findings:\n")[1] == f"  {MARK}\n"
    assert err.endswith("; 1 finding; exit 1; not shown: 2 ignored\n")


def test_config_and_rules_share_the_docs_check_toml(cli: Invoke, repo: Path) -> None:
    rule = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    write(repo / ".docs-check.toml", 'scope = ["atlas-a2", "ascend-950"]\n' + rule)
    code, out, _ = cli("verify", "--no-live", "--api", "torch.distributed.elastic.events.record")
    assert code == 1
    assert out.splitlines()[:3] == [
        "✘ failed (exit 1): docs match the rules; not verified on any NPU",
        "elastic-record: torch.distributed.elastic.events.record",
        "  expect: 是，暂不支持 Ascend 950DT  (.docs-check.toml:8)",
    ]
    assert "atlas-a3" not in out


def test_load_config_resolves_paths_from_the_config_folder(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(repo / ".docs-check.toml", 'rules = ["rules/x.toml"]\n' + CONFIG)
    monkeypatch.chdir(repo / "docs")
    config = load_config(path, default_catalogue())
    assert config.docs == (".",)
    assert config.rules == ("../rules/x.toml",)
    assert config.rule_files(("y.toml",)) == ("../rules/x.toml", str(path), "y.toml")
    assert config.severity == {"nonstandard-mark": "off"}
    (ignore,) = config.ignore
    assert (ignore.rule, ignore.api, ignore.source) == ("link-version", None, f"{path}:7")
    assert Config().docs_or(()) == (".",)


# -- mistakes: one line, path:line, exit 2 ------------------------------------------------

MISTAKES = [
    ('colour = "red"\n', 1, f"unknown table or key 'colour' (known: {KNOWN})"),
    ('docs = "docs"\n', 1, "'docs' must be an array of non-empty strings"),
    ('rules = ["a.toml", 3]\n', 1, "'rules' must be an array of non-empty strings"),
    (
        '\nscope = ["atlas-a2", "ascend950"]\n',
        2,
        "unknown product id in scope: ascend950; did you mean 'ascend-950'?",
    ),
    ('severity = "off"\n', 1, "'severity' must be a table of rule = \"error\", ..."),
    (
        '[severity]\nduplicate-api = "off"\nnonstandard-mark = "loud"\n',
        3,
        'severity of \'nonstandard-mark\' must be "error", "warning" or "off", not \'loud\'',
    ),
    (
        '[severity]\n"no-such-rule" = "off"\n',
        2,
        "unknown rule 'no-such-rule' (see `docs-check rules`) in severity",
    ),
    (
        "severity.missing-status = 1\n",
        1,
        'severity of \'missing-status\' must be "error", "warning" or "off", not 1',
    ),
    (
        '[[ignore]]\nrule = "link-version"\npath = "*"\nreason = "x"\n\n'
        '[[ignore]]\nrule = "link-version"\npath = "*"\n',
        6,
        "ignore needs a non-empty string 'reason' (why the findings are accepted)",
    ),
    (
        '[[ignore]]\nrule = "link-version"\npath = "*"\nreason = "  "\n',
        1,
        "ignore needs a non-empty string 'reason' (why the findings are accepted)",
    ),
    (
        '[[ignore]]\nrule = "link-version"\npath = "*"\nreason = "x"\nfile = "y"\n',
        5,
        "unknown ignore key 'file' (known: api, path, reason, rule)",
    ),
    (
        '[[ignore]]\nrule = "link-versions"\npath = "*"\nreason = "x"\n',
        2,
        "unknown rule 'link-versions'; did you mean 'link-version'? in ignore",
    ),
    (
        '[[ignore]]\nrule = "link-version"\nreason = "x"\n',
        1,
        "ignore needs a non-empty string 'path'",
    ),
    (
        'docs = ["."]\nignore = [{ rule = "link-version", path = "*" }]\n',
        2,
        "ignore needs a non-empty string 'reason' (why the findings are accepted)",
    ),
    ("ignore = 3\n", 1, "'ignore' must be an array of rule ids or of tables ([[ignore]])"),
    ('docs = ["docs"\n', 1, "TOML syntax error: Unclosed array"),
    (
        '[[rules]]\nid = "x"\n',
        1,
        "'rules' must be an array of non-empty strings (rule tables are [[rule]])",
    ),
    ('test-refs = "v2.7.1"\n', 1, '\'test-refs\' must be a table of "2.7.1" = "v2.7.1", ...'),
    ('\n[test-refs]\n"2.7" = "v2.7.1"\n', 3, "'2.7' is not a docs version like 2.7.1"),
    ('[test-refs]\n"2.7.1" = 271\n', 2, "the ref of 2.7.1 must be a non-empty string"),
    ("product = 3\n", 1, "'product' must be an array of tables ([[product]])"),
    (
        '[[product]]\nid = "atlas-a5"\nnames = ["Atlas A5"]\n\n[[product]]\nid = "atlas-a2"\n',
        5,
        "product id 'atlas-a2' is already in the catalogue",
    ),
    (
        '[[product]]\nid = "atlas-a5"\nnames = ["Atlas A5"]\nsoc = ["Ascend910_9"]\n',
        1,
        "product atlas-a5: SoC prefix 'Ascend910_9' overlaps 'Ascend910_93' of product "
        "atlas-a3: a SoC name would be of both",
    ),
    (
        '[[product]]\nid = "a5"\nsoc = ["Ascend910_95"]\n\n[[product]]\nid = "a6"\n'
        'soc = ["Ascend910_95X"]\n',
        5,
        "product a6: SoC prefix 'Ascend910_95X' overlaps 'Ascend910_95' of product a5: "
        "a SoC name would be of both",
    ),
    (
        '\n[[product]]\nid = "atlas-a5"\nnpu = "a5"\n',
        2,
        "product atlas-a5: npu must be a list of strings",
    ),
]


@pytest.mark.parametrize(("text", "line", "message"), MISTAKES)
def test_a_mistake_is_one_line_naming_path_and_line(
    cli: Invoke, repo: Path, text: str, line: int, message: str
) -> None:
    path = write(repo / ".docs-check.toml", text)
    for command in (["lint"], ["verify", "--no-live"], ["show", "put_metric"]):
        code, out, err = cli(*command)
        assert (code, out) == (2, "")
        assert err == f"docs-check: error: {path}:{line}: {message}\n"


def test_a_mistake_in_pyproject_names_its_line(cli: Invoke, repo: Path) -> None:
    path = write(
        repo / "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.docs-check]\ndocs = ["docs"]\nbaseline = "b.json"\n',
    )
    code, _, err = cli("lint")
    assert code == 2
    known = KNOWN.replace(" rule,", "").removesuffix(", tool")
    assert err == f"docs-check: error: {path}:6: unknown table or key 'baseline' (known: {known})\n"
    write(path, '[tool.docs-check.severity]\nlink-version = "of"\n')
    _, _, err = cli("lint")
    assert err == (
        f"docs-check: error: {path}:2: severity of 'link-version' must be "
        '"error", "warning" or "off", not \'of\'\n'
    )


def test_a_missing_config_file(cli: Invoke, repo: Path) -> None:
    code, out, err = cli("lint", "--config", "nope.toml")
    assert (code, out) == (2, "")
    assert err.startswith("docs-check: error: nope.toml: cannot read config file: ")
    write(repo / "pyproject.toml", "[project]\n")
    code, _, err = cli("lint", "--config", "pyproject.toml")
    assert (code, err) == (2, "docs-check: error: pyproject.toml: no [tool.docs-check] table\n")


def test_the_documented_example_is_a_valid_config(tmp_path: Path) -> None:
    page = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = page.split("\n## Configuration\n", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    path = write(tmp_path / ".docs-check.toml", example)
    config = load_config(path, default_catalogue())
    assert config.severity == {"product-set-differs": "off", "notes-product": "error"}
    assert [ignore.rule for ignore in config.ignore] == ["link-version"]


def test_a_docs_repository_adds_products_and_test_refs(cli: Invoke, repo: Path) -> None:
    """Its own [[product]] is read as the shipped ones are: a name the docs
    use, and a scope that names it."""
    write(
        repo / ".docs-check.toml",
        'scope = ["atlas-a2", "atlas-a5"]\ntest-refs = { "2.7.1" = "v2.7.1" }\n\n'
        '[[product]]\nid = "atlas-a5"\nnames = ["Atlas A5 训练系列产品"]\nsoc = ["Ascend910_95"]\n',
    )
    config = load_config(repo / ".docs-check.toml", default_catalogue())
    assert config.test_refs == (("2.7.1", "v2.7.1"),)
    assert config.test_refs_with((("2.7.1", "main"), ("2.12.0", "v2.12.0"))) == (
        ("2.7.1", "main"),
        ("2.12.0", "v2.12.0"),
    )
    (product,) = config.products
    catalogue = catalogue_for(None, config)
    assert catalogue.scope == ("atlas-a2", "atlas-a5")
    assert catalogue.by_name("Atlas A5训练系列产品") == "atlas-a5"
    assert catalogue.by_soc("Ascend910_9591") == "atlas-a5"
    assert product.id not in default_catalogue().ids  # the shipped catalogue is untouched


@pytest.mark.parametrize("text", ["scope = []\n", "scope = [\n]\n"])
def test_an_empty_scope_is_a_mistake(cli: Invoke, repo: Path, text: str) -> None:
    """A scope of no product would check nothing and, with --require-npu,
    pass with 0 results."""
    path = write(repo / ".docs-check.toml", text)
    for command in (["lint"], ["verify", "--no-live", "--require-npu"], ["show", "put_metric"]):
        code, out, err = cli(*command)
        assert (code, out) == (2, "")
        assert err == (
            f"docs-check: error: {path}:1: 'scope' names no product: give at least one product id\n"
        )


@pytest.mark.parametrize(
    ("text", "line", "english", "chinese"),
    [
        (
            'colour = "red"\n',
            1,
            f"unknown table or key 'colour' (known: {KNOWN})",
            f"未知的表或键 'colour'（已知：{KNOWN}）",
        ),
        (
            'docs = ["docs"\n',
            1,
            "TOML syntax error: Unclosed array",
            "TOML 语法错误：Unclosed array",
        ),
        (
            '[severity]\nlink-versio = "off"\n',
            2,
            "unknown rule 'link-versio'; did you mean 'link-version'? in severity",
            "未知规则 'link-versio'；是否指 'link-version'？（在 severity 中）",
        ),
        (
            'scope = ["atlas-a"]\n',
            1,
            "unknown product id in scope: atlas-a; did you mean 'atlas-a3'?",
            "scope 中有未知的产品 id：atlas-a；是否指 'atlas-a3'？",
        ),
        (
            '[[ignore]]\nrule = "link-version"\npath = "docs"\n',
            1,
            "ignore needs a non-empty string 'reason' (why the findings are accepted)",
            "ignore 需要非空字符串 'reason'（说明为什么接受这些问题）",
        ),
    ],
)
def test_a_mistake_in_chinese(
    cli: Invoke, repo: Path, text: str, line: int, english: str, chinese: str
) -> None:
    """The configuration's errors in the language of the run; keys, ids, paths
    and tomllib's own words as they are."""
    path = write(repo / ".docs-check.toml", text)
    assert cli("--lang", "en", "lint") == (2, "", f"docs-check: error: {path}:{line}: {english}\n")
    assert cli("--lang", "zh", "lint") == (2, "", f"docs-check：错误：{path}:{line}：{chinese}\n")
