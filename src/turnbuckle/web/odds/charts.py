"""The odds of a matchup as standalone SVG: one bar per side split into win, draw and loss, with
the 95% interval of the win share drawn as a whisker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnbuckle.web.public.charts_svg import esc, num

WIDTH = 480
ROW = 52
LEFT, RIGHT, TOP = 120, 20, 40
PARTS = (("win", "#1e6b34"), ("draw", "#9a9aa2"), ("loss", "#9b1c1c"))


def odds_chart(data: Mapping[str, Any]) -> str:
    """The chart of an odds summary (``sim.odds.odds_json``)."""
    sides = list(data["sides"])
    height = TOP + ROW * len(sides) + 30
    plot = WIDTH - LEFT - RIGHT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
           f'aria-label="win, draw and loss odds">',
           "<title>Win, draw and loss odds with 95% intervals</title>",
           '<text x="8" y="20" font-size="14">'
           + "".join(f'<tspan fill="{colour}" dx="{0 if i == 0 else 12}">■ {part}</tspan>'
                     for i, (part, colour) in enumerate(PARTS))
           + '<tspan dx="12" fill="#000">| win, 95% interval</tspan></text>']
    for row, side in enumerate(sides):
        y = TOP + row * ROW
        out.append(f'<g class="side" data-name="{esc(side["name"])}" data-win="{side["win"]["p"]:.6f}">')
        name = str(side["name"])
        short = name if len(name) <= 14 else name[:13] + "…"
        out.append(f'<text x="{LEFT - 8}" y="{y + 20}" font-size="15" text-anchor="end"><title>{esc(name)}</title>'
                   f'{esc(short)}</text>')
        x = float(LEFT)
        for part, colour in PARTS:
            width = plot * float(side[part]["p"])
            if width > 0:
                out.append(f'<rect x="{num(x)}" y="{y + 4}" width="{num(width)}" height="22" fill="{colour}">'
                           f'<title>{esc(part)}: {float(side[part]["p"]) * 100:.2f}%</title></rect>')
            if width > 56:
                out.append(f'<text x="{num(x + width / 2)}" y="{y + 20}" font-size="14" fill="#fff" '
                           f'text-anchor="middle">{float(side[part]["p"]) * 100:.1f}%</text>')
            x += width
        lo, hi = LEFT + plot * float(side["win"]["lo"]), LEFT + plot * float(side["win"]["hi"])
        out.append(f'<path d="M{num(lo)} {y + 32}H{num(hi)}M{num(lo)} {y + 28}V{y + 36}M{num(hi)} {y + 28}V{y + 36}" '
                   'stroke="#000" fill="none"/>')
        out.append("</g>")
    axis = TOP + ROW * len(sides) + 4
    for pct in (0, 25, 50, 75, 100):
        x = LEFT + plot * pct / 100
        out.append(f'<text x="{num(x)}" y="{axis + 12}" font-size="13" text-anchor="middle">{pct}%</text>')
    out.append("</svg>")
    return "\n".join(out)
