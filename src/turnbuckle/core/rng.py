"""A small, fully specified pseudo-random generator (SplitMix64).

We own the algorithm so that a seed gives the same match on every machine, Python version and
platform, for the same package and ruleset version. It is never used through a global instance:
a seeded source owns one.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014) with unbiased bounded integers by rejection."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Rejection sampling keeps it exactly uniform."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        # The chance of a rejection is below n / 2**64, so this loop ends at once in practice;
        # the bound only guards against a broken state.
        for _ in range(1000):
            x = self.next64()
            if x < limit:
                return x % n
        raise RuntimeError("SplitMix64.below: generator state is broken")
