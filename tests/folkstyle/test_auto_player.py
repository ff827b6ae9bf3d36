"""The automatic player's odds are computed once per pair of cards and shared across matches."""

from turnbuckle.rulesets.folkstyle.odds import PeriodOdds, period_odds
from turnbuckle.rulesets.registry import get_ruleset


def test_period_odds_are_shared_per_pair_of_cards_and_only_that() -> None:
    rs = get_ruleset("folkstyle")
    a = rs.load_text(rs.sample("cal-okafor").text, "a")
    b = rs.load_text(rs.sample("tess-varga").text, "b")
    a_again = rs.load_text(rs.sample("cal-okafor").text, "a again")
    assert period_odds((a, b)) is period_odds((a_again, b))
    assert period_odds((b, a)) is not period_odds((a, b))
    assert period_odds((a, b)).margin(None) == PeriodOdds((a, b)).margin(None)
