"""The stalling streaks as a pure value."""

from __future__ import annotations

from turnbuckle.rulesets.folkstyle.stalling import Streaks, bump, point_for_call, trim

KEYS = ("neutral:Hand Fight", "neutral:Sprawl")
BOTH = (True, True)


def test_third_use_calls_and_starts_the_count_again() -> None:
    s = Streaks()
    s, called = s.step(KEYS, BOTH, changed=False)
    assert called == (False, False)
    s, called = s.step(KEYS, BOTH, changed=False)
    assert s == Streaks((("neutral:Hand Fight", 2),), (("neutral:Sprawl", 2),))
    s, called = s.step(("neutral:Hand Fight", "neutral:Single Leg"), BOTH, changed=False)
    assert called == (True, False)
    assert s == Streaks((), (("neutral:Single Leg", 1), ("neutral:Sprawl", 2)))


def test_uncounted_uses_and_position_changes() -> None:
    s = Streaks((("top:Half Nelson", 2),), ())
    s2, called = s.step(("top:Half Nelson", "bottom:Tripod"), (False, True), changed=False)
    assert called == (False, False)
    assert s2.red == (("top:Half Nelson", 2),)
    s3, called = s.step(("top:Half Nelson", "bottom:Tripod"), BOTH, changed=True)
    assert (s3, called) == (Streaks(), (False, False))


def test_trimmed_keeps_only_streaks_that_can_still_reach_a_call() -> None:
    s = Streaks((("a", 1), ("b", 2)), (("c", 1),))
    assert s.trimmed(1) == Streaks((("b", 2),), ())
    assert s.trimmed(2) == s


def test_every_second_call_scores() -> None:
    assert [point_for_call(n) for n in range(1, 6)] == [False, True, False, True, False]


def test_bump_and_trim_are_one_colours_step_and_trim() -> None:
    assert bump((("a", 1),), "a", True) == ((("a", 2),), False)
    assert bump((("a", 2),), "a", True) == ((), True)  # the third use is a call and starts again
    assert bump((("a", 2),), "a", False) == ((("a", 2),), False)  # an uncounted use changes nothing
    assert trim((("a", 1), ("b", 2)), 1) == (("b", 2),)
    s = Streaks((("a", 2),), (("b", 1),))
    red, red_called = bump(s.red, "a", True)
    green, green_called = bump(s.green, "b", True)
    assert s.step(("a", "b"), (True, True), False) == (Streaks(red, green), (red_called, green_called))
