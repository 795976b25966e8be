"""tests/browser.py against real headless Chromium, on pages written here: what
the site tests and benchmarks/bench_site.py rely on it for."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.browser import PNG_SIGNATURE, dump_dom, first_paint_ms, need_browser, screenshot

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>t</title></head>
<body><h1 id="x">written</h1>
<script>
  // the DOM Chromium serializes is the one after this ran; the fragment too is read
  document.getElementById("x").textContent = "by script " + location.hash;
  setTimeout(() => document.body.dataset.timer = "fired", 2000);
</script></body></html>
"""


def page(tmp_path: Path) -> Path:
    path = tmp_path / "page.html"
    path.write_text(PAGE, encoding="utf-8")
    return path


def test_dump_dom_is_the_dom_after_scripts_ran(tmp_path: Path) -> None:
    need_browser()
    path = page(tmp_path)
    dom = dump_dom(path.as_uri() + "#there")
    assert '<h1 id="x">by script #there</h1>' in dom
    # virtual time: a 2 s timer fires within the 5 s budget, without waiting 2 s
    assert 'data-timer="fired"' in dom
    assert '<h1 id="x">by script </h1>' in dump_dom(path, budget_ms=100)
    assert "data-timer" not in dump_dom(path, budget_ms=100)


def test_screenshot_is_a_png_of_the_window_size(tmp_path: Path) -> None:
    need_browser()
    png = screenshot(page(tmp_path), tmp_path / "shot.png", width=640, height=480)
    data = png.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"  # the first chunk: width and height, big-endian
    assert struct.unpack(">II", data[16:24]) == (640, 480)


def test_first_paint_is_measured(tmp_path: Path) -> None:
    need_browser()
    timings = first_paint_ms(page(tmp_path))
    assert 0 < timings["fcp"] < 5000
    assert 0 < timings["dcl"] <= timings["load"] < 5000
