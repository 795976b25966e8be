"""`[coverage] exclude` of the configuration: each a name glob and a reason,
in array-of-tables or inline form; a mistake is one line naming path:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.config.config import load_config
from checker.config.coverage_keys import Exclusion
from checker.errors import DataError
from checker.model.catalogue import default_catalogue


def loaded(tmp_path: Path, text: str) -> tuple[Exclusion, ...]:
    path = tmp_path / ".docs-check.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path, default_catalogue()).exclude


def test_tables_each_at_their_header(tmp_path: Path) -> None:
    text = (
        'docs = ["docs"]\n\n'
        '[[coverage.exclude]]\nname = "torch.x.*"\nreason = "private"\n\n'
        '[[coverage.exclude]]\nname = " torch.y "\nreason = "helpers"\n'
    )
    where = tmp_path / ".docs-check.toml"
    assert loaded(tmp_path, text) == (
        Exclusion("torch.x.*", "private", f"{where}:3"),
        Exclusion("torch.y", "helpers", f"{where}:7"),
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('coverage = ["torch.x"]\n', ":1: 'coverage' must be a table ([coverage])"),
        ("[coverage]\nexcluded = []\n", ":2: unknown coverage key 'excluded' (known: exclude)"),
        (
            '[coverage]\nexclude = ["torch.x"]\n',
            ":2: 'exclude' must be an array of tables with a name and a reason",
        ),
        (
            '[[coverage.exclude]]\nname = "x"\nreason = "y"\nwhy = "z"\n',
            ":1: unknown exclude key 'why' (known: name, reason)",
        ),
        (
            '[[coverage.exclude]]\nreason = "y"\n',
            ":1: exclude needs a non-empty string 'name'",
        ),
    ],
)
def test_a_mistake_names_its_line(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(DataError) as raised:
        loaded(tmp_path, text)
    assert str(raised.value) == f"{tmp_path / '.docs-check.toml'}{said}"
