"""The statistics the odds need: Wilson intervals, quantiles of a histogram, chi-square tests.

Written out here (a few dozen lines) rather than pulling in scipy for three functions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

#: The 97.5% point of the standard normal: a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        raise ValueError("wilson() needs at least one trial")
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # exact at the ends: 0 of n starts at 0 and n of n ends at 1 (the formula's round-off gave 1e-19
    # and 0.9999999999999998)
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


def outward(lo: float, hi: float, digits: int) -> tuple[float, float]:
    """An interval's ends rounded outward to ``digits`` decimals (the low end down, the high end
    up), so that the printed interval holds every value the real one holds. A float's own
    round-off (98.9 stored as 98.90000000000001) is not pushed a whole digit out.

    >>> outward(98.934, 99.022, 1)
    (98.9, 99.1)
    >>> outward(98.9, 99.0, 1)
    (98.9, 99.0)
    """
    f = 10**digits
    return math.floor(lo * f + 1e-9) / f, math.ceil(hi * f - 1e-9) / f


def interval_text(lo: float, hi: float, digits: int, *, scale: float = 100.0, sep: str = ", ", width: int = 0,
                  sign: str = "") -> str:
    """An interval's ends as printed everywhere (the odds, the sweeps, the advisor): scaled (to
    percent by default) and rounded outward to ``digits`` decimals, joined by ``sep``; ``width``
    and ``sign`` as in a format spec.

    >>> interval_text(0.98934, 0.99022, 1, sep="-")
    '98.9-99.1'
    """
    a, b = outward(lo * scale, hi * scale, digits)
    return f"{a:{sign}{width}.{digits}f}{sep}{b:{sign}{width}.{digits}f}"


def n_for_half_width(half_width: float, z: float = Z95) -> int:
    """Matches needed so that a share near 50% (the widest case) is known to +-``half_width``.

    >>> n_for_half_width(0.005)
    38415
    """
    return math.ceil((z / half_width) ** 2 / 4)


def hist_mean(hist: Mapping[int, int]) -> float:
    n = sum(hist.values())
    return sum(k * c for k, c in hist.items()) / n if n else math.nan


def hist_quantile(hist: Mapping[int, int], q: float) -> int:
    """The smallest value whose cumulative share reaches ``q`` (the inverse of the CDF).

    >>> hist_quantile({1: 2, 2: 1, 5: 1}, 0.5), hist_quantile({1: 2, 2: 1, 5: 1}, 0.9)
    (1, 5)
    """
    n = sum(hist.values())
    if n == 0:
        raise ValueError("empty histogram")
    need = q * n
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= need - 1e-9:
            return value
    return max(hist)


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x), by its series below ``a + 1`` and
    its continued fraction above (both converge fast there)."""
    if x < 0 or a <= 0:
        raise ValueError("gamma_q needs a > 0 and x >= 0")
    if x == 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Continued fraction for Q, evaluated by the modified Lentz method.
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def chi2_sf(stat: float, dof: int) -> float:
    """P(X >= stat) for a chi-square variable with ``dof`` degrees of freedom.

    >>> round(chi2_sf(3.841458820694124, 1), 6)
    0.05
    """
    if dof <= 0:
        raise ValueError("chi-square needs at least one degree of freedom")
    return gamma_q(dof / 2, stat / 2)


def chi2_homogeneity(a: Sequence[int], b: Sequence[int]) -> tuple[float, int, float]:
    """Chi-square test that two samples of counts over the same categories come from one
    distribution. Categories empty in both are dropped. Returns (statistic, dof, p-value)."""
    if len(a) != len(b):
        raise ValueError("both samples need the same categories")
    cols = [(x, y) for x, y in zip(a, b, strict=True) if x + y > 0]
    na, nb = sum(x for x, _ in cols), sum(y for _, y in cols)
    if na == 0 or nb == 0 or len(cols) < 2:
        return 0.0, 0, 1.0
    total = na + nb
    stat = 0.0
    for x, y in cols:
        col = x + y
        ea, eb = na * col / total, nb * col / total
        stat += (x - ea) ** 2 / ea + (y - eb) ** 2 / eb
    dof = len(cols) - 1
    return stat, dof, chi2_sf(stat, dof)
