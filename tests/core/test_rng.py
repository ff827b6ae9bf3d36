from collections import Counter

import pytest

from turnbuckle.core.rng import SplitMix64


def test_splitmix64_matches_the_published_reference_stream() -> None:
    # Reference values of SplitMix64 from state 0 (as in Vigna's splitmix64.c).
    rng = SplitMix64(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = SplitMix64(12345)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    # Each face expects 10,000 with a standard deviation near 91; 6 sigma keeps this from flaking.
    assert all(abs(c - 10_000) < 550 for c in counts.values()), counts


def test_below_rejects_a_non_positive_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        SplitMix64(1).below(0)


def test_same_seed_same_stream_different_seed_different_stream() -> None:
    a, b, c = SplitMix64(7), SplitMix64(7), SplitMix64(8)
    sa = [a.below(100) for _ in range(50)]
    assert sa == [b.below(100) for _ in range(50)]
    assert sa != [c.below(100) for _ in range(50)]
