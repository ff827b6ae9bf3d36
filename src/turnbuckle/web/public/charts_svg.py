"""Drawing a line chart as standalone SVG text: no JavaScript, no plotting library.

Every piece of text that reaches the SVG goes through :func:`esc`, so a competitor called
``<script>`` is drawn as those characters and never read as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from turnbuckle.core.chart import Chart, Series
from turnbuckle.core.errors import Broken

__all__ = ["Chart", "Series", "draw", "esc", "num"]

#: Line colours, picked to stay apart for the colour-blind (Okabe and Ito's palette).
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")
WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 36, 56


def esc(text: object) -> str:
    """Text made safe for an SVG element or a quoted attribute."""
    return escape(str(text), quote=True)


def num(value: float) -> str:
    """A number as SVG wants it: short, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _y_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round numbers from ``low`` to ``high``, at most about ``most`` of them."""
    span = high - low
    step = 1.0
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 2000, 5000, 10000):
        step = float(candidate)
        if span / step <= most:
            break
    first = (low // step) * step
    out, y = [], first
    while y <= high + 1e-9:
        if y >= low - 1e-9:
            out.append(y)
        y += step
    return out


def draw(chart: Chart) -> str | None:
    """The chart as an ``<svg>`` element, or None when no series has a point."""
    lines = [s for s in chart.series if s.points]
    if not lines:
        return None
    xs = [x for s in lines for x, _ in s.points] + [x for x, _ in chart.ticks]
    ys = [y for s in lines for _, y in s.points]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(0.0, min(ys)), max(ys)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y1 = y0 + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    legend = _legend(lines)
    height = HEIGHT + 16 * (max(row for _, row in legend))

    def px(x: float) -> float:
        return LEFT + (x - x0) / (x1 - x0) * plot_w

    def py(y: float) -> float:
        return TOP + (y1 - y) / (y1 - y0) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height}" '
           f'role="img" aria-label="{esc(chart.title)}" data-kind="{esc(chart.kind)}">',
           f"<title>{esc(chart.title)}</title>",
           f'<text x="{LEFT}" y="16" font-size="15" font-weight="600">{esc(chart.title)}</text>']
    for y in _y_ticks(y0, y1):
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{num(py(y))}" y2="{num(py(y))}" '
                   f'stroke="{"#888" if y == 0 else "#e4e4e8"}" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 4}" y="{num(py(y) + 4)}" font-size="12" text-anchor="end">{num(y)}</text>')
    for x, label in chart.ticks or [(x, num(x)) for x in _y_ticks(x0, x1, 10)]:
        out.append(f'<line x1="{num(px(x))}" x2="{num(px(x))}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#e4e4e8"/>')
        out.append(f'<text x="{num(px(x))}" y="{TOP + plot_h + 12}" font-size="12" '
                   f'text-anchor="middle">{esc(label)}</text>')
    for x, short, long in chart.notes:
        out.append(f'<text class="note" x="{num(px(x))}" y="{TOP + plot_h + 24}" font-size="11" '
                   f'text-anchor="middle"><title>{esc(long)}</title>{esc(short)}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 20}" font-size="12" '
               f'text-anchor="middle" fill="#5f6368">{esc(chart.x_label)}</text>')
    out.append(f'<text x="12" y="{TOP + plot_h / 2:.0f}" font-size="12" text-anchor="middle" fill="#5f6368" '
               f'transform="rotate(-90 12 {TOP + plot_h / 2:.0f})">{esc(chart.y_label)}</text>')
    out.extend(_series(lines, legend, px, py))
    out.append("</svg>")
    return "\n".join(out)


def _label(s: Series) -> str:
    return f"{s.name}: {num(s.final or 0)}"


def _legend(lines: Sequence[Series]) -> list[tuple[float, int]]:
    """Where each series' legend entry goes: its x and its row (0 first), wrapping at the width."""
    out: list[tuple[float, int]] = []
    x, row = float(LEFT), 0
    for s in lines:
        width = 7.5 * len(_label(s)) + 16
        if x > LEFT and x + width > WIDTH:
            x, row = float(LEFT), row + 1
        out.append((x, row))
        x += width
    return out


def _series(lines: Sequence[Series], legend: Sequence[tuple[float, int]], px: Callable[[float], float],
            py: Callable[[float], float]) -> list[str]:
    out: list[str] = []
    for i, s in enumerate(lines):
        colour = COLOURS[i % len(COLOURS)]
        final = s.final
        if final is None:
            raise Broken("expected final is not None")
        points = " ".join(f"{num(px(x))},{num(py(y))}" for x, y in s.points)
        lx, ly = s.points[-1]
        out.append(f'<g class="series" data-name="{esc(s.name)}" data-final="{num(final)}">')
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        out.append(f'<circle cx="{num(px(lx))}" cy="{num(py(ly))}" r="3" fill="{colour}"/>')
        x, row = legend[i]
        out.append(f'<text class="legend" x="{num(x)}" y="{HEIGHT - 4 + 16 * row}" font-size="13" '
                   f'fill="{colour}">{esc(_label(s))}</text>')
        out.append("</g>")
    return out
