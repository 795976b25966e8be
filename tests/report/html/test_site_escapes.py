"""A page's text is text in every file of the site: its title, a status and
notes that close the table cell and open a script, an API whose name holds
`</script>` (tests/fixtures/site/.../torch-hostile.md). Each must appear
escaped, and no element of theirs may appear."""

from __future__ import annotations

from pathlib import Path

from checker.report.escape import html as esc
from checker.report.html.elements import script_json
from tests.site import api_data, page_of

HOSTILE_API = "torch.hostile.h</script><b>x"


def test_no_element_of_a_page_is_written_as_an_element(site: Path) -> None:
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for forged in ("<script>window.PWNED", "<img src=x", "<b>x", "</td></tr></table><img"):
            assert forged not in text, (path.name, forged)


def test_the_hostile_page_shows_its_text_escaped(site: Path) -> None:
    view = page_of(site, "torch-hostile", "2.13.0").read_text(encoding="utf-8")
    assert "&lt;/td&gt;&lt;script&gt;window.PWNED = &quot;status&quot;&lt;/script&gt;" in view
    assert "&lt;img src=x onerror=&quot;window.PWNED=&#x27;notes&#x27;&quot;&gt;" in view
    assert esc(HOSTILE_API) in view
    # the title (the page's path) is text too
    assert view.count("<script") == 0


def test_the_api_table_data_holds_the_name_as_text(site: Path) -> None:
    data = api_data(site)
    assert HOSTILE_API in [row[0] for row in data["rows"]]
    raw = (site / "apis-data.js").read_text(encoding="utf-8")
    assert "<" not in raw and ">" not in raw  # written as \u003c, \u003e


def test_script_json_cannot_end_its_script() -> None:
    said = script_json({"a": "</script><!-- & \u2028 \u2029"})
    assert said == '{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028 \\u2029"}'


def test_script_json_keeps_other_text_as_it_is() -> None:
    assert script_json({"名": ["✔", 1, None]}) == '{"名":["✔",1,null]}'
