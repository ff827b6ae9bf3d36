"""Exact odds of one Headlock exchange, by enumerating cards and dice over the rules' functions.

- :func:`speed_contest`: two number cards drawn from one deck, each side playing a move of a
  fixed power (the pairs of cards that do not allow those powers left out): who wins the speed
  contest, and the ties.
- :func:`opening_clash`: the first turn of a match, every ordered pair of distinct cards, each
  side's move chosen by its automatic player at full HP, settled by the rules' own ``resolve``:
  the chance of each kind of clash and the expected damage each way.
- :func:`breakout`: a defender's chance to break out of a held submission (five rolls), a pin
  (three rolls), and to be choked out under the choke rule, at a given HP.

All values are exact ``Fraction``s; tests check them against icepool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from turnbuckle.core.cards import standard_deck
from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.headlock.clash import Corner, resolve
from turnbuckle.rulesets.headlock.holds import (
    PIN_ROLLS,
    SUBMISSION_ROLLS,
    breakout_die,
    breakout_target,
    choke_chance,
    escape_chance,
)
from turnbuckle.rulesets.headlock.players import (
    DEFAULT_PLAYER,
    MOVE_POLICIES,
    MoveView,
    Rules,
    Wrestler,
    move_options,
)
from turnbuckle.rulesets.headlock.sheet import Character, Move
from turnbuckle.rulesets.headlock.trumps import SUIT_BONUS, advantage, card_value

DECK = standard_deck()
NUMBERS = [c for c in DECK if not c.is_face]


@dataclass(frozen=True)
class SpeedContest:
    """One speed contest between number cards: A wins, B wins, or a tie (nobody attacks)."""

    a_wins: Fraction
    b_wins: Fraction
    tie: Fraction
    pairs: int  # ordered pairs of cards counted


def speed_contest(spd_a: int, power_a: int, spd_b: int, power_b: int) -> SpeedContest:
    """Exact speed contest odds: A's card uniform over the number cards allowing ``power_a``, B's
    over the others allowing ``power_b`` (as if both were dealt from one deck)."""
    a = b = tie = 0
    pairs = 0
    for ca in NUMBERS:
        if card_value(ca) < power_a:
            continue
        for cb in NUMBERS:
            if cb == ca or card_value(cb) < power_b:
                continue
            pairs += 1
            sa = spd_a + card_value(ca) - power_a + (SUIT_BONUS if advantage(ca, cb) > 0 else 0)
            sb = spd_b + card_value(cb) - power_b + (SUIT_BONUS if advantage(cb, ca) > 0 else 0)
            if sa > sb:
                a += 1
            elif sb > sa:
                b += 1
            else:
                tie += 1
    return SpeedContest(Fraction(a, pairs), Fraction(b, pairs), Fraction(tie, pairs), pairs)


#: The kinds of clash, as ``resolve`` names them, with the side that attacks (None: nobody).
CLASH_KINDS = ("speed", "counter", "special", "specials", "tie", "specials-cancel")


@dataclass(frozen=True)
class OpeningClash:
    """The first turn's clash: ``chances[(how, attacker)]`` and the expected damage each side
    deals (to the other) that turn."""

    chances: dict[tuple[str, int | None], Fraction]
    damage: tuple[Fraction, Fraction]

    def attacks(self, side: int | None) -> Fraction:
        return sum((p for (_, w), p in self.chances.items() if w == side), Fraction(0))


def _choice(sheet: Character, opp: Character, card: Any, player: str, cap: int, rules: Rules) -> Move:
    options = move_options(sheet, card, cap if player == "solo" else 7)
    view = MoveView(Wrestler(sheet.name, sheet, sheet.hp), card, Wrestler(opp.name, opp, opp.hp), options, 1, rules)
    return sheet.move(MOVE_POLICIES[player](view))


def opening_clash(a: Character, b: Character, players: tuple[str, str] = (DEFAULT_PLAYER, DEFAULT_PLAYER),
                  cap: int = 7, rules: Rules | None = None) -> OpeningClash:
    """Every ordered pair of distinct cards for the first turn, moves chosen by the players."""
    rules = rules or Rules()
    sheets = (a, b)
    moves: list[dict[Any, Move | None]] = []
    for i, s in enumerate(sheets):
        moves.append({c: None if c.is_face else _choice(s, sheets[1 - i], c, players[i], cap, rules) for c in DECK})
    chances: dict[tuple[str, int | None], Fraction] = {}
    dealt = [Fraction(0), Fraction(0)]
    p = Fraction(1, 52 * 51)
    for ca in DECK:
        for cb in DECK:
            if ca == cb:
                continue
            clash = resolve(Corner(a.atk, a.defense, a.spd, ca, moves[0][ca], a.special_move()),
                            Corner(b.atk, b.defense, b.spd, cb, moves[1][cb], b.special_move()))
            key = (clash.how, clash.attacker)
            chances[key] = chances.get(key, Fraction(0)) + p
            if clash.attacker is not None:
                dealt[clash.attacker] += p * clash.damage
    order = {k: i for i, k in enumerate(CLASH_KINDS)}
    ordered = dict(sorted(chances.items(), key=lambda kv: (order[kv[0][0]], -1 if kv[0][1] is None else kv[0][1])))
    return OpeningClash(ordered, (dealt[0], dealt[1]))


@dataclass(frozen=True)
class Breakout:
    """A defender at ``hp`` after the hit: the dice and target, and the chances."""

    hp: int
    die: int
    special_die: int
    target: int
    submission: Fraction  # escapes an ordinary held submission (five rolls)
    special_submission: Fraction  # escapes the special held as a submission
    pin: Fraction  # escapes a pin by an ordinary move (three rolls)
    choked: Fraction  # choked out by an ordinary held choke under the choke rule


def breakout(res: int, start_hp: int, hp: int) -> Breakout:
    """Exact break-out odds for a defender with ``res`` and ``start_hp`` at ``hp`` HP."""
    die, sdie = breakout_die(hp, False), breakout_die(hp, True)
    target = breakout_target(hp, start_hp, res)
    return Breakout(hp, die, sdie, target,
                    escape_chance(target, die, SUBMISSION_ROLLS), escape_chance(target, sdie, SUBMISSION_ROLLS),
                    escape_chance(target, die, PIN_ROLLS),
                    choke_chance(die, target, res) if target < die else Fraction(0))


def shown_hp(start_hp: int) -> list[int]:
    """HP values worth a row: full, half, just above a quarter, then each twentieth below, and 0."""
    rows = {start_hp, start_hp // 2, 0}
    rows |= {h for h in range(start_hp + 1) if h <= start_hp // 4 + 1 and (20 * h) % start_hp < 20}
    return sorted(rows, reverse=True)


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:6.2f}%"


def exchange_tables(sides: Sequence[Any], names: Sequence[str],
                    options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]:
    """Exact per-exchange odds for a singles matchup: the opening clash and the break-out rolls."""
    if len(sides) != 2:  # the user's mistake, said as odds says any other (exit 2), not an empty table
        raise RulesError(f"--exchange: Headlock's exact tables are for singles (two wrestlers), not {len(sides)}; "
                         "drop --exchange for a tag match")
    a, b = (cast(Character, s) for s in sides)
    rules = Rules(choke=bool(options.get("choke", False)), knockout=bool(options.get("knockout", False)))
    clash = opening_clash(a, b, rules=rules)
    data: dict[str, Any] = {
        "sides": list(names),
        "opening_clash": {"chances": [{"how": how, "attacker": None if w is None else names[w], "p": str(p)}
                                      for (how, w), p in clash.chances.items()],
                          "damage": [str(clash.damage[0]), str(clash.damage[1])]},
        "speed_contest": [],
        "breakout": [],
    }
    lines = ["The first turn (both smart, full HP; every pair of cards):",
             f"  {names[0]} attacks {_pct(clash.attacks(0))}   {names[1]} attacks {_pct(clash.attacks(1))}   "
             f"nobody {_pct(clash.attacks(None))}"]
    for (how, w), p in clash.chances.items():
        who = "nobody" if w is None else names[w]
        lines.append(f"    {how:<16}{who:<28}{_pct(p)}")
    lines.append(f"  expected damage: {names[0]} deals {float(clash.damage[0]):.2f}, "
                 f"{names[1]} deals {float(clash.damage[1]):.2f}")
    lines += ["", f"Speed contests, number cards only (SPD {a.spd} vs {b.spd}), by move power:",
              "  power A/B   A wins    B wins    tie"]
    for pa in (1, 3, 5, 7):
        for pb in (1, 3, 5, 7):
            sc = speed_contest(a.spd, pa, b.spd, pb)
            data["speed_contest"].append({"power": [pa, pb], "a_wins": str(sc.a_wins), "b_wins": str(sc.b_wins),
                                          "tie": str(sc.tie)})
            lines.append(f"  {pa}/{pb}        {_pct(sc.a_wins)}   {_pct(sc.b_wins)}   {_pct(sc.tie)}")
    for s, name in ((a, names[0]), (b, names[1])):
        rows = []
        lines += ["", f"{name} breaking out (RES {s.res}, {s.hp} HP), by HP after the hit:",
                  "  HP   die  target   submission  special sub   pin       choked out"]
        for hp in shown_hp(s.hp):
            br = breakout(s.res, s.hp, hp)
            rows.append({"hp": hp, "die": br.die, "special_die": br.special_die, "target": br.target,
                         "submission": str(br.submission), "special_submission": str(br.special_submission),
                         "pin": str(br.pin), "choked": str(br.choked)})
            lines.append(f"  {hp:>3}  d{br.die:<3} {br.target:>5}    {_pct(br.submission)}     "
                         f"{_pct(br.special_submission)}     {_pct(br.pin)}   {_pct(br.choked)}")
        data["breakout"].append({"defender": name, "res": s.res, "start_hp": s.hp, "rows": rows})
    lines += ["", "(exact: every pair of cards and every face of the dice enumerated; a break-out chance is"
                  " that of escaping; 'choked out' applies with the choke rule to an ordinary choke)"]
    return data, "\n".join(lines) + "\n"
