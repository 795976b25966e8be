"""The version-to-version change chart of the index, as inline SVG: for each
pair of neighbouring versions a group of bars (APIs added, APIs removed, and
the status flips of each product), each bar with its count above it and a
<title> a browser shows on hover. Drawn here, not by a script: the index is
a picture before any script runs, and the same input draws the same bytes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.report.escape import html as esc

_BAR, _GAP, _HEIGHT, _TOP, _BOTTOM, _LEFT = 22, 30, 160, 18, 34, 8


@dataclass(frozen=True)
class Group:
    """One group of bars in the site's chart."""

    label: str  # "2.11.0 → 2.12.0"
    values: tuple[int, ...]  # one per series


def bar_chart(groups: Sequence[Group], series: Sequence[str], title: str) -> str:
    """An SVG of `groups`, each with a bar per series (series i is drawn in
    the CSS class `s{i}`), and its legend."""
    width = _LEFT * 2 + len(groups) * (len(series) * _BAR + _GAP)
    height = _TOP + _HEIGHT + _BOTTOM
    peak = max((value for group in groups for value in group.values), default=0) or 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>{esc(title)}</title>',
        f'<line x1="{_LEFT}" y1="{_TOP + _HEIGHT}" x2="{width - _LEFT}" y2="{_TOP + _HEIGHT}" '
        'stroke="#999"/>',
    ]
    for g, group in enumerate(groups):
        left = _LEFT + _GAP // 2 + g * (len(series) * _BAR + _GAP)
        for s, value in enumerate(group.values):
            tall = round(value / peak * _HEIGHT)
            x, y = left + s * _BAR, _TOP + _HEIGHT - tall
            parts.append(
                f'<rect class="s{s}" x="{x}" y="{y}" width="{_BAR - 4}" height="{tall}">'
                f"<title>{esc(f'{group.label}: {series[s]}: {value}')}</title></rect>"
                f'<text x="{x + (_BAR - 4) // 2}" y="{y - 3}" text-anchor="middle">{value}</text>'
            )
        middle = left + (len(series) * _BAR) // 2
        parts.append(
            f'<text x="{middle}" y="{_TOP + _HEIGHT + 16}" text-anchor="middle">'
            f"{esc(group.label)}</text>"
        )
    parts.append("</svg>")
    legend = "".join(
        f'<span><i class="s{s}"></i>{esc(name)}</span>' for s, name in enumerate(series)
    )
    return "".join(parts) + f'\n<div class="legend">{legend}</div>\n'
