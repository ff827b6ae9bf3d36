"""The speed contest, attack and defense, and specials: every case of the clash, as golden tests."""

from __future__ import annotations

from turnbuckle.core.cards import parse_card
from turnbuckle.rulesets.headlock.clash import Corner, resolve
from turnbuckle.rulesets.headlock.trumps import advantage, allowed_powers

from .util import char, events, one, play


def corner(card: str, code: str | None, atk: int = 10, defense: int = 10, spd: int = 10) -> Corner:
    c = char(atk=atk, defense=defense, spd=spd)
    return Corner(atk, defense, spd, parse_card(card), None if code is None else c.move(code), c.special_move())


def test_trump_cycle() -> None:
    beats = {("H", "S"), ("S", "D"), ("D", "C"), ("C", "H")}
    for a in "CDHS":
        for b in "CDHS":
            got = advantage(parse_card("5" + a), parse_card("9" + b))
            want = 1 if (a, b) in beats else -1 if (b, a) in beats else 0
            assert got == want, (a, b)


def test_ace_is_ten_and_powers_are_capped_by_the_card() -> None:
    assert allowed_powers(parse_card("AS")) == (1, 3, 5, 7)
    assert allowed_powers(parse_card("5S")) == (1, 3, 5)
    assert allowed_powers(parse_card("2S")) == (1,)
    assert allowed_powers(parse_card("9S"), cap=4) == (1, 3)


def test_rulebook_speed_example_through_the_engine() -> None:
    """SPD 15 draws a 7 and plays a 5-power move (17); SPD 12 draws an 8 and plays a 1 (19)."""
    red, blue = char(name="Red", spd=15, atk=14), char(name="Blue", spd=12, atk=11, defense=9)
    rec = play([red, blue], ["7H", "s5", "8H", "g1"], turns=1)
    clash = one(rec, "clash")
    assert clash == {"turn": 1, "how": "speed", "attacker": "Blue", "defender": "Red", "speeds": [17, 19],
                     "by": "", "cancelled": []}
    hit = one(rec, "hit")
    # attack: ATK 11 + card 8 + power 1 = 20; defense: DEF 10 + card 7 = 17
    assert (hit["attack"], hit["defense"], hit["damage"], hit["hp"]) == (20, 17, 3, 97)
    assert hit["move"] == "Blue grapple 1"


def test_suit_advantage_adds_five_speed_and_no_damage() -> None:
    red, blue = char(name="Red", spd=15, atk=14), char(name="Blue", spd=12, atk=11, defense=9)
    rec = play([red, blue], ["7H", "s5", "8S", "g1"], turns=1)
    assert one(rec, "clash")["speeds"] == [22, 19]
    hit = one(rec, "hit")
    # ATK 14 + 7 + 5 = 26 against DEF 9 + 8 = 17: the suit gave speed, not damage
    assert (hit["attacker"], hit["attack"], hit["defense"], hit["damage"]) == ("Red", 26, 17, 9)


def test_equal_speed_totals_nobody_attacks() -> None:
    rec = play([char(name="Red"), char(name="Blue")], ["6H", "s3", "6D", "s3"], turns=1)
    assert one(rec, "clash")["how"] == "tie"
    assert events(rec, "hit") == []


def test_defense_at_least_attack_does_no_damage() -> None:
    red, blue = char(name="Red", atk=1, spd=20), char(name="Blue", defense=20)
    rec = play([red, blue], ["2H", "s1", "9D", "s1"], turns=1)
    hit = one(rec, "hit")
    assert (hit["attack"], hit["defense"], hit["damage"], hit["hp"]) == (4, 29, 0, 100)


def test_special_lands_against_bare_def() -> None:
    c = resolve(corner("QD", None, atk=18), corner("9C", "s7", defense=12))
    assert (c.how, c.attacker, c.attack, c.defense, c.damage) == ("special", 0, 38, 12, 26)
    assert c.move is not None
    assert c.move.special


def test_number_card_with_suit_advantage_cancels_the_special() -> None:
    # Spades beat Diamonds: the 9 of Spades cancels the Queen of Diamonds and attacks the bare DEF.
    c = resolve(corner("QD", None, defense=12), corner("9S", "s5", atk=10))
    assert (c.how, c.attacker, c.attack, c.defense, c.cancelled) == ("counter", 1, 24, 12, (True, False))


def test_number_card_on_equal_or_weaker_suit_does_not_cancel() -> None:
    assert resolve(corner("QD", None), corner("9D", "s5")).how == "special"
    assert resolve(corner("QD", None), corner("9C", "s5")).how == "special"  # Clubs lose to Diamonds
    assert resolve(corner("QD", None), corner("9H", "s5")).how == "special"  # no relation


def test_two_specials_suit_first() -> None:
    c = resolve(corner("JH", None, atk=12), corner("KS", None, defense=8))
    assert (c.how, c.attacker, c.by, c.attack, c.defense, c.cancelled) == ("specials", 0, "suit", 32, 8, (False, True))


def test_two_specials_higher_card_on_equal_suits() -> None:
    c = resolve(corner("JH", None), corner("QH", None))
    assert (c.attacker, c.by) == (1, "card")
    c = resolve(corner("KH", None), corner("QD", None))  # unrelated suits count as equal
    assert (c.attacker, c.by) == (0, "card")


def test_two_specials_higher_speed_on_equal_cards() -> None:
    c = resolve(corner("KH", None, spd=9), corner("KD", None, spd=11))
    assert (c.attacker, c.by) == (1, "speed")


def test_two_specials_all_equal_nobody_attacks() -> None:
    c = resolve(corner("KH", None, spd=9), corner("KH", None, spd=9))
    assert (c.how, c.attacker, c.cancelled) == ("specials-cancel", None, (True, True))


def test_two_specials_all_equal_through_the_engine_with_own_decks() -> None:
    rec = play([char(name="Red"), char(name="Blue")], ["KH", "KH"], turns=1, deck="own")
    assert one(rec, "clash")["how"] == "specials-cancel"
    assert events(rec, "hit") == []


def test_special_vs_number_through_the_engine() -> None:
    """The number-card side still picks a move in secret; the special hits the bare DEF anyway."""
    red, blue = char(name="Red", atk=18), char(name="Blue", defense=12)
    rec = play([red, blue], ["KC", "10C", "s7"], turns=1)
    reveal = one(rec, "reveal")
    assert reveal["moves"] == {"Red": "special", "Blue": "s7"}
    hit = one(rec, "hit")
    assert (hit["attacker"], hit["special"], hit["attack"], hit["defense"], hit["bare"], hit["damage"]) == (
        "Red", True, 38, 12, True, 26)
