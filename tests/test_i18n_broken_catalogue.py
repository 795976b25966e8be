"""Issue 28, locale: a corrupt installed catalogue (`.mo`) is no reason to
lose a run. docs-check finds the catalogue in checker/locale (i18n.LOCALE_DIR,
the folder the wheel installs it in); a file there that gettext cannot read
(bad magic number, cut short) shows English, with one warning line on
stderr naming the file, and the run's findings and exit code are the same."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from checker import i18n
from tests.conftest import Invoke
from tests.helpers import REPO

EXAMPLES = str(REPO / "examples" / "docs")


def broken_locale(tmp_path: Path, data: bytes, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the installed locale folder whose zh catalogue is `data`, as
    the run's located catalogue folder."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    mo = locale / "zh" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    assert mo.is_file()  # the installed wheel has a compiled catalogue
    mo.write_bytes(data)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    return mo


@pytest.mark.parametrize(
    "data",
    [b"not a catalogue at all", b"\xde\x12\x04\x95\x00\x00", b""],
    ids=["bad-magic", "cut-short", "empty"],
)
@pytest.mark.parametrize("how", ["--lang", "locale"])
def test_corrupt_catalogue_falls_back_to_english_with_one_warning(
    cli: Invoke,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    data: bytes,
    how: str,
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    english = cli("lint", EXAMPLES, "--no-cache", "--lang", "en")
    mo = broken_locale(tmp_path, data, monkeypatch)
    if how == "locale":
        monkeypatch.setenv("LANG", "zh_CN.UTF-8")
        code, out, err = cli("lint", EXAMPLES, "--no-cache")
    else:
        code, out, err = cli("lint", EXAMPLES, "--no-cache", "--lang", "zh")
    assert (code, out) == english[:2]
    warning, *rest = err.splitlines()
    assert warning.startswith(f"docs-check: warning: {mo}: cannot read the zh catalogue (")
    assert warning.endswith("); showing English")
    assert "\n".join(rest) + "\n" == english[2]


def test_a_good_catalogue_still_translates(cli: Invoke) -> None:
    code, _, err = cli("lint", EXAMPLES, "--no-cache", "--lang", "zh")
    assert (code, err) == (1, "8 个问题（6 个错误，2 个警告），共 6 个文件、22 个条目\n")


def test_corrupt_catalogue_warns_once_when_a_run_chooses_chinese_twice(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a Chinese locale, `verify --format pr` chooses zh for the run and
    again for its report (the template's language): one warning still, and
    the report is the English one."""
    docs = str(REPO / "tests" / "fixtures" / "verify" / "docs")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    english = cli("verify", docs, "--no-live", "--format", "pr", "--lang", "en")
    mo = broken_locale(tmp_path, b"junk", monkeypatch)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    code, out, err = cli("verify", docs, "--no-live", "--format", "pr")
    assert (code, out) == english[:2]
    assert [line for line in err.splitlines() if "warning" in line] == [
        f"docs-check: warning: {mo}: cannot read the zh catalogue (Bad magic number); "
        "showing English"
    ]
