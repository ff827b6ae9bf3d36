"""What a player may see, and the automatic players.

A player decides from a *view* built by the engine. The view types have no field for the
opponent's card: a choice is made before the reveal, so the opponent's card cannot leak into it.

- ``solo``: the rulebook's solo opponent. It always takes the highest power its card allows (at
  most the ``cap`` option); of the strike and the grapple at that power it takes the grapple when
  that grapple is a submission, else the strike. It never tags out.
- ``smart``: weighs every move it may play by its expected value over the cards the opponent may
  hold (all 52 cards but its own): damage dealt when it wins the speed contest, damage taken when
  it loses, and the chance that a hold, pin or knockdown ends the match, priced at the opponent's
  starting HP.
- ``expert`` (singles): counts the cards the opponent may still hold from the cards turned over,
  models the opponent's move as the ``smart`` player's on each, and plays the move with the best
  exact price over them: damage dealt and the chance the hit ends the match, less the same for the
  hits it takes, each damage as a share of the starting HP (``expert_kernel.py``, the one
  implementation both engines call; ``expert.py`` encodes the view).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from turnbuckle.core.cards import Card, standard_deck
from turnbuckle.rulesets.headlock.clash import Corner, resolve
from turnbuckle.rulesets.headlock.holds import (
    PIN_ROLLS,
    SUBMISSION_ROLLS,
    breakout_die,
    breakout_target,
    choke_chance,
    escape_chance,
    getup_need,
    held,
    knocks_down,
    pinnable,
)
from turnbuckle.rulesets.headlock.sheet import POWERS, Character, Move
from turnbuckle.rulesets.headlock.trumps import advantage, allowed_powers

PLAYER_KINDS = ("smart", "solo", "expert", "human")
DEFAULT_PLAYER = "smart"


@dataclass(frozen=True)
class Wrestler:
    """The public facts about a wrestler: the sheet, HP and knockdowns so far."""

    name: str
    sheet: Character
    hp: int
    knockdowns: int = 0

    @property
    def start_hp(self) -> int:
        return self.sheet.hp


@dataclass(frozen=True)
class Rules:
    """The match options a player needs to judge a move."""

    choke: bool = False
    knockout: bool = False
    getup_rolls: int = 10
    getup_die: int = 12


@dataclass(frozen=True)
class MoveView:
    """A player's view when choosing a move: its own card and the public state. There is no
    field for the opponent's card; it is still face down when the choice is made."""

    me: Wrestler
    card: Card
    opponent: Wrestler
    options: tuple[str, ...]
    turn: int
    rules: Rules
    #: The cards each side has turned over before this turn (public: every card is revealed), the
    #: share of its deck each pile takes before it reshuffles its discards, and whether both piles
    #: share one deck.
    seen_mine: tuple[Card, ...] = ()
    seen_theirs: tuple[Card, ...] = ()
    share: int = 26
    shared_deck: bool = True


@dataclass(frozen=True)
class TagView:
    """A player's view when it has won the speed contest and may tag its partner in."""

    me: Wrestler
    partner: Wrestler
    opponent: Wrestler
    turn: int


def move_options(sheet: Character, card: Card, cap: int = 7) -> tuple[str, ...]:
    """The move codes a number card allows: strikes, then grapples, by power (``s1`` ... ``g7``)."""
    powers = allowed_powers(card, cap)
    return tuple(f"s{p}" for p in powers) + tuple(f"g{p}" for p in powers)


def solo_move(view: MoveView) -> str:
    """The solo opponent: the highest power allowed; the grapple there if it is a submission."""
    top = max(int(code[1:]) for code in view.options)
    if view.me.sheet.grapple(top).is_submission and f"g{top}" in view.options:
        return f"g{top}"
    return f"s{top}"


def solo_tag(view: TagView) -> str:
    return "attack"


def _finish_value(view: MoveView, move: Move, dmg: int, adv: int) -> float:
    """The chance that this hit ends the match at once (hold, pin or knockdown), times its worth."""
    opp = view.opponent
    hp = max(0, opp.hp - dmg)
    worth = float(opp.start_hp)
    res = opp.sheet.res
    die = breakout_die(hp, move.special)
    target = breakout_target(hp, opp.start_hp, res)
    if held(move.is_submission, adv):
        chance = 1 - escape_chance(target, die, SUBMISSION_ROLLS)
        if move.is_choke and view.rules.choke:
            chance += choke_chance(die, target, res)
        return worth * float(chance)
    value = 0.0
    stays_down = 0.0
    if view.rules.knockout and knocks_down(move.is_submission, dmg, hp):
        need = getup_need(res, opp.knockdowns + 1)
        up = max(0, view.rules.getup_die - max(0, need)) / view.rules.getup_die
        stays_down = (1 - up) ** view.rules.getup_rolls
        value += worth * stays_down
    if pinnable(move.is_submission, adv, hp, opp.start_hp):
        value += worth * (1 - stays_down) * float(1 - escape_chance(target, die, PIN_ROLLS))
    return value


#: One row per opponent card that moves the value: (I hit, damage, my move, suit advantage).
ClashRow = tuple[bool, int, Move | None, int]
#: Clash tables and the opponent's corners, keyed by the values they read (not by sheet identity:
#: a league loads a sheet afresh for every match, and the same two wrestlers meet again).
_TABLES: dict[tuple[object, ...], tuple[tuple[ClashRow, ...], int]] = {}
_CORNERS: dict[tuple[object, ...], tuple[tuple[Card, Corner], ...]] = {}
TABLES_KEPT = 1 << 14


def _their_corners(opp: Character) -> tuple[tuple[object, ...], tuple[tuple[Card, Corner], ...]]:
    """The opponent's corner on every card of the deck (their highest-power strike on a number
    card), with the key of the sheet values it reads."""
    key = (opp.atk, opp.defense, opp.spd, tuple(opp.strike(p) for p in POWERS), opp.special_move())
    corners = _CORNERS.get(key)
    if corners is None:
        if len(_CORNERS) >= TABLES_KEPT:
            _CORNERS.clear()
        special = opp.special_move()
        corners = _CORNERS[key] = tuple(
            (c, Corner(opp.atk, opp.defense, opp.spd, c, None if c.is_face else opp.strike(max(allowed_powers(c))),
                       special))
            for c in standard_deck())
    return key, corners


def clash_table(me: Character, opp: Character, card: Card, code: str) -> tuple[tuple[ClashRow, ...], int]:
    """Every clash of my ``code`` on ``card`` against each card the opponent may hold (their
    highest-power strike on a number card), in deck order, as the rows :func:`move_value` sums,
    and how many cards were weighed. It reads only the sheets' ATK, DEF, SPD and moves, the card
    and the code (not HP nor the match options), so it is worked out once and remembered."""
    their_key, corners = _their_corners(opp)
    move, special = me.move(code), me.special_move()
    key = (me.atk, me.defense, me.spd, move, special, their_key, card)
    kept = _TABLES.get(key)
    if kept is not None:
        return kept
    mine = Corner(me.atk, me.defense, me.spd, card, move, special)
    rows: list[ClashRow] = []
    weighed = 0
    for theirs, corner in corners:
        if theirs == card:
            continue
        weighed += 1
        clash = resolve(mine, corner)
        if clash.how == "special":
            continue  # their special lands whatever I chose: the same for every move
        if clash.attacker == 0 and clash.move is not None:
            rows.append((True, clash.damage, clash.move, advantage(card, theirs)))
        elif clash.attacker == 1:
            rows.append((False, clash.damage, None, 0))
    if len(_TABLES) >= TABLES_KEPT:
        _TABLES.clear()
    kept = _TABLES[key] = (tuple(rows), weighed)
    return kept


def move_value(view: MoveView, code: str) -> float:
    """The expected value of playing ``code``, over every card the opponent may hold (the
    opponent assumed to play its highest-power strike), each clash settled by the rules' own
    :func:`~turnbuckle.rulesets.headlock.clash.resolve` (through :func:`clash_table`). The sum
    runs in deck order, so the value is the same float whether or not the table was remembered."""
    rows, weighed = clash_table(view.me.sheet, view.opponent.sheet, view.card, code)
    total = 0.0
    finishes: dict[tuple[int, int, int], float] = {}
    for hit, dmg, move, adv in rows:
        if hit and move is not None:
            key = (id(move), dmg, adv)
            finish = finishes.get(key)
            if finish is None:
                finish = finishes[key] = _finish_value(view, move, dmg, adv)
            total += dmg + finish
        else:
            total -= dmg
    return total / weighed


def best_move(view: MoveView) -> str:
    """The move with the highest expected value (ties: the higher power, then the strike)."""
    def key(code: str) -> tuple[float, int, int]:
        return (move_value(view, code), int(code[1:]), 1 if code[0] == "s" else 0)

    return max(view.options, key=key)


#: Remembered choices of :func:`smart_move`, and the sheets their keys name by identity.
_CHOICES: dict[tuple[object, ...], str] = {}
_SHEETS: dict[int, Character] = {}
CHOICES_KEPT = 1 << 16


def smart_move(view: MoveView) -> str:
    """:func:`best_move`, remembered: its value reads only the two sheets, the card, the options,
    the rules and the opponent's HP and knockdowns, so the same choice comes back whenever those
    are the same (a simulation asks the same question thousands of times; pricing a move takes
    milliseconds). Sheets are keyed by identity; the memo holds them, so an id is never reused
    while it is in a key."""
    me, opp = view.me.sheet, view.opponent.sheet
    key = (id(me), id(opp), view.card, view.options, view.rules, view.opponent.hp, view.opponent.knockdowns)
    choice = _CHOICES.get(key)
    if choice is None:
        if len(_CHOICES) >= CHOICES_KEPT:
            _CHOICES.clear()
            _SHEETS.clear()
        _SHEETS[id(me)] = me
        _SHEETS[id(opp)] = opp
        choice = _CHOICES[key] = best_move(view)
    return choice


def smart_tag(view: TagView) -> str:
    """Tag out when worn down (a third of HP or less) and the partner is fresher by a third."""
    mine = view.me.hp / view.me.start_hp
    theirs = view.partner.hp / view.partner.start_hp
    return "tag" if mine <= 1 / 3 and theirs >= mine + 1 / 3 else "attack"


def expert_move(view: MoveView) -> str:
    """The expert's move (``expert.py``, imported here: it loads numba)."""
    from turnbuckle.rulesets.headlock.expert import expert_move as choose  # lazy: keeps numba out of start-up

    return choose(view)


MOVE_POLICIES: dict[str, Callable[[MoveView], str]] = {"solo": solo_move, "smart": smart_move,
                                                       "expert": expert_move}
TAG_POLICIES: dict[str, Callable[[TagView], str]] = {"solo": solo_tag, "smart": smart_tag, "expert": smart_tag}
