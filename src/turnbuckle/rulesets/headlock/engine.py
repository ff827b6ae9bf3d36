"""The Headlock match: draw, choose in secret, reveal, clash, hit, and the finishes; tag teams too.

A singles match has two sides; a tag match has four (sides 1 and 2 against sides 3 and 4, the
first of each team starting as the legal wrestler).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from turnbuckle.core.cards import Card
from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Json
from turnbuckle.core.match import MatchSetup, Result
from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.clash import Clash, Corner, resolve
from turnbuckle.rulesets.headlock.deck import Pile, make_piles, team_piles
from turnbuckle.rulesets.headlock.finishes import InRing, hold, knockdown
from turnbuckle.rulesets.headlock.holds import held, knocks_down, pinnable
from turnbuckle.rulesets.headlock.options import match_options
from turnbuckle.rulesets.headlock.players import (
    DEFAULT_PLAYER,
    MOVE_POLICIES,
    TAG_POLICIES,
    MoveView,
    TagView,
    Wrestler,
    move_options,
)
from turnbuckle.rulesets.headlock.prompts import move_mark, move_note
from turnbuckle.rulesets.headlock.sheet import Character, Move
from turnbuckle.rulesets.headlock.trumps import advantage

V = TypeVar("V")


class Match:
    def __init__(self, setup: MatchSetup[Character], table: Table) -> None:
        self.table = table
        o = match_options(setup.options)
        n = len(setup.sides)
        if n not in (2, 4):
            raise RulesError(f"Headlock is played one against one (2 wrestlers) or as a tag match "
                             f"(4 wrestlers, sides 1+2 against 3+4); got {n}")
        self.ring = [InRing(i, name, sheet, setup.players.get(i, DEFAULT_PLAYER), sheet.hp)
                     for i, (name, sheet) in enumerate(zip(setup.names, setup.sides, strict=True))]
        if any(w.player == "human" for w in self.ring) and not table.source.gives_choices:
            raise RulesError("a human player needs --dice ask (or a dice script that holds the choices); "
                             "seeded dice cannot answer for a person")
        if n == 4 and any(w.player == "expert" for w in self.ring):
            raise RulesError("the expert Headlock player plays singles matches only; "
                             "give tag wrestlers smart, solo or human players")
        self.teams = [[self.ring[0]], [self.ring[1]]] if n == 2 else [self.ring[:2], self.ring[2:]]
        self.legal = [team[0] for team in self.teams]
        split = o.split
        self.piles: dict[int, Pile] = {}
        if n == 2:
            for w, pile in zip(self.ring, make_piles([w.name for w in self.ring], split), strict=True):
                self.piles[w.side] = pile
        else:
            per_wrestler = o.pile_each
            groups = team_piles([[w.name for w in t] for t in self.teams], split, per_wrestler)
            for team, piles in zip(self.teams, groups, strict=True):
                for k, w in enumerate(team):
                    self.piles[w.side] = piles[k] if per_wrestler else piles[0]
        self.rules = o.rules
        self.turns = o.turns
        self.cap = o.cap
        self.deck = o.deck
        self.turn = 0
        #: The cards each wrestler has turned over, in order (the expert counts them).
        self.seen: dict[int, list[Card]] = {w.side: [] for w in self.ring}

    # -- helpers ----------------------------------------------------------------------------
    def public(self, w: InRing) -> Wrestler:
        return Wrestler(w.name, w.sheet, w.hp, w.knockdowns)

    def decide(self, w: InRing, options: tuple[str, ...], purpose: str, policy: Callable[[V], str],
               view: V, labels: tuple[str, ...] = (), note: Callable[[], str] | None = None,
               marks: tuple[str, ...] = ()) -> str:
        """A decision by ``w``'s player: a human answers through the table (by word, or at the
        prompt by ``labels``, told ``note``); automatic players see only ``view``."""
        if w.player == "human":
            return self.table.choose(options, purpose, w.name, automatic=None, labels=labels, note=note,
                                     marks=marks)
        return self.table.choose(options, purpose, w.name, automatic=lambda: policy(view), by=w.player)

    def partner(self, w: InRing) -> InRing | None:
        team = self.teams[0] if w in self.teams[0] else self.teams[1]
        others = [p for p in team if p is not w]
        return others[0] if others else None

    # -- the match --------------------------------------------------------------------------
    def play(self) -> Result:
        t = self.table
        t.happen("match_start", wrestlers={w.name: w.hp for w in self.ring}, deck=self.deck,
                 tag=len(self.ring) == 4, knockout=self.rules.knockout, choke=self.rules.choke,
                 turns=self.turns, piles=sorted({p.name for p in self.piles.values()}))
        for turn in range(1, self.turns + 1):
            self.turn = turn
            result = self.play_turn()
            if result is not None:
                return result
        return self.decision()

    def choose_move(self, w: InRing, card: Card, opponent: InRing) -> Move:
        cap = self.cap if w.player == "solo" else 7
        options = move_options(w.sheet, card, cap)
        mine, theirs = self.seen[w.side], self.seen[opponent.side]
        pile, other = self.piles[w.side], self.piles[opponent.side]
        view = MoveView(self.public(w), card, self.public(opponent), options, self.turn, self.rules,
                        tuple(mine), tuple(theirs[: len(mine)]), pile.share, pile.deck is other.deck)
        listing = ", ".join(f"{c} {w.sheet.move(c).name}" for c in options)
        policy = MOVE_POLICIES.get(w.player, MOVE_POLICIES["solo"])  # a human is asked instead
        code = self.decide(w, options, f"{w.name} move on {card.code} ({listing})", policy, view,
                           tuple(w.sheet.move(c).name for c in options),
                           note=lambda: move_note([w.sheet.move(c) for c in options]),
                           marks=tuple(move_mark(w.sheet.move(c)) for c in options) if w.player == "human" else ())
        return w.sheet.move(code)

    def play_turn(self) -> Result | None:
        t = self.table
        a, b = self.legal
        t.happen("turn", turn=self.turn, legal=[a.name, b.name], hp={a.name: a.hp, b.name: b.hp})
        drawn: dict[int, tuple[Card, Move | None]] = {}
        # Each draws and picks in secret; an automatic player's view holds only its own card. At the
        # prompt every card is typed in, so a human draws and picks before an automatic opponent's
        # card is entered (side A first otherwise).
        order = sorted(((0, a, b), (1, b, a)), key=lambda entry: entry[1].player != "human")
        for i, w, opp in order:
            card = self.piles[w.side].draw(t, f"{w.name} card", w.name)
            drawn[i] = card, None if card.is_face else self.choose_move(w, card, opp)
            self.seen[w.side].append(card)
        cards = [drawn[0][0], drawn[1][0]]
        moves = [drawn[0][1], drawn[1][1]]
        t.happen("reveal", turn=self.turn, cards={a.name: cards[0].code, b.name: cards[1].code},
                 moves={w.name: (m.code if m else "special") for w, m in zip((a, b), moves, strict=True)},
                 names={w.name: (m.name if m else w.sheet.special.name) for w, m in zip((a, b), moves, strict=True)})
        corners = [Corner(w.sheet.atk, w.sheet.defense, w.sheet.spd, cards[i], moves[i], w.sheet.special_move())
                   for i, w in enumerate((a, b))]
        clash = resolve(corners[0], corners[1])
        self.log_clash(clash, (a, b))
        if clash.attacker is None or clash.move is None:
            return None
        att, dfn = (a, b) if clash.attacker == 0 else (b, a)
        if clash.speed_contest:
            partner = self.partner(att)
            if partner is not None:
                view = TagView(self.public(att), self.public(partner), self.public(dfn), self.turn)
                policy = TAG_POLICIES.get(att.player, TAG_POLICIES["solo"])
                if self.decide(att, ("attack", "tag"), f"{att.name} attack or tag {partner.name} in",
                               policy, view) == "tag":
                    self.legal[self.legal.index(att)] = partner
                    t.happen("tag", turn=self.turn, out=att.name, into=partner.name)
                    return None
        adv = advantage(cards[clash.attacker], cards[1 - clash.attacker])
        return self.hit(att, dfn, clash, adv)

    def log_clash(self, clash: Clash, pair: tuple[InRing, InRing]) -> None:
        att = None if clash.attacker is None else pair[clash.attacker].name
        dfn = None if clash.attacker is None else pair[1 - clash.attacker].name
        cancelled = [w.name for w, c in zip(pair, clash.cancelled, strict=True) if c]
        self.table.happen("clash", turn=self.turn, how=clash.how, attacker=att, defender=dfn,
                          speeds=None if clash.speeds is None else list(clash.speeds), by=clash.by,
                          cancelled=cancelled)

    def hit(self, att: InRing, dfn: InRing, clash: Clash, adv: int) -> Result | None:
        move = clash.move
        if move is None:
            return None
        before = dfn.hp
        damage = clash.damage
        dfn.hp = max(0, dfn.hp - damage)
        self.table.happen("hit", turn=self.turn, attacker=att.name, defender=dfn.name, move=move.name,
                          code=move.code, kind=move.kind, special=move.special, attack=clash.attack,
                          defense=clash.defense, bare=clash.bare, damage=damage, hp_before=before, hp=dfn.hp,
                          advantage=adv)
        method: str | None = None
        if held(move.is_submission, adv):
            method = hold(self.table, att, dfn, move, self.turn, pin=False, choke_rule=self.rules.choke)
        elif move.is_submission:
            self.table.happen("no_hold", turn=self.turn, attacker=att.name, defender=dfn.name, move=move.name)
        else:
            if self.rules.knockout and knocks_down(move.is_submission, damage, dfn.hp):
                method = knockdown(self.table, att, dfn, self.turn, self.rules.getup_rolls, self.rules.getup_die)
            if method is None and pinnable(move.is_submission, adv, dfn.hp, dfn.start_hp):
                method = hold(self.table, att, dfn, move, self.turn, pin=True, choke_rule=False)
        if method is None:
            return None
        return self.finish(att, dfn, method)

    def finish(self, att: InRing, dfn: InRing, method: str) -> Result:
        words = {"submission": "makes {d} tap out", "choke": "chokes {d} out", "pinfall": "pins {d}",
                 "knockout": "knocks {d} out"}
        summary = f"{att.name} {words[method].format(d=dfn.name)} on turn {self.turn}"
        extra = self.team_extra(att)
        team = extra.get("team")
        if isinstance(team, list):
            summary += f" ({' & '.join(str(m) for m in team)} win)"
        return Result(att.side, method, {"turn": self.turn}, summary + ".", extra)

    def team_extra(self, w: InRing | None) -> dict[str, Json]:
        if len(self.ring) != 4 or w is None:
            return {}
        team = self.teams[0] if w in self.teams[0] else self.teams[1]
        return {"team": [m.name for m in team]}

    def decision(self) -> Result:
        """At the turn limit: the larger share of starting HP left wins (a team's shares pooled)."""
        left = [sum(w.hp for w in team) for team in self.teams]
        start = [sum(w.start_hp for w in team) for team in self.teams]
        label = [" & ".join(w.name for w in team) for team in self.teams]
        self.table.happen("decision", hp=dict(zip(label, left, strict=True)),
                          start=dict(zip(label, start, strict=True)))
        at = {"turn": self.turns}
        a, b = left[0] * start[1], left[1] * start[0]
        if a == b:
            return Result(None, "draw", at, f"A draw at the turn limit: {label[0]} and {label[1]} keep "
                                            f"the same share of their HP.")
        w = 0 if a > b else 1
        pct = [round(100 * left[i] / start[i]) for i in (0, 1)]
        turns = f"{self.turns} turn" + ("s" if self.turns != 1 else "")
        return Result(self.teams[w][0].side, "decision", at,
                      f"{label[w]} wins the decision after {turns}, {pct[w]}% of HP left to {pct[1 - w]}%.",
                      self.team_extra(self.teams[w][0]))
