"""Printed 95% intervals are rounded outward (the low end down, the high end up), so a value the
real interval holds is never outside the printed one; every renderer uses the one formatter."""

from __future__ import annotations

import re

from turnbuckle.cli import odds_render
from turnbuckle.lab import render as lab_render
from turnbuckle.sim import odds
from turnbuckle.sim.matchmatch.advisor.advise import Measured, _cell
from turnbuckle.sim.stats import interval_text, outward, wilson

SHARE = {"count": 0, "p": 0.99, "lo": 0.989346, "hi": 0.990226}  # nearest rounding: [98.93, 99.02]


def test_the_ends_round_outward_and_a_float_round_off_does_not_widen_them() -> None:
    assert outward(98.934, 99.022, 1) == (98.9, 99.1)
    assert outward(98.9, 99.0, 1) == (98.9, 99.0)
    assert outward(0.1 * 3 * 100, 0.7 * 100, 1) == (30.0, 70.0)  # 30.000000000000004 stays 30.0
    assert interval_text(0.0, 1.0, 2, width=6) == "  0.00, 100.00"


def test_every_renderer_prints_the_interval_rounded_outward() -> None:
    for printed in (odds._ci(SHARE), odds_render._pct(SHARE), lab_render._ci(SHARE)):
        assert "98.93, 99.03]" in printed, printed
    assert lab_render._csv_share(SHARE) == ["0.990000", "0.989346", "0.990226"]


def test_the_advisors_interval_holds_the_measured_ends() -> None:
    n = 200_000
    for wins in range(197_800, 198_100, 7):
        m = Measured("x", wins, 0, n)
        lo, hi = wilson(wins, n)
        low, high = (float(x) for x in re.search(r"\[([\d.]+)-([\d.]+)\]", _cell(m)).groups())  # type: ignore[union-attr]
        assert low <= 100 * lo and 100 * hi <= high, (_cell(m), lo, hi)
