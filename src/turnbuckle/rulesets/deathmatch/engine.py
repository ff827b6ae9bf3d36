"""A Deathmatch battle: rounds of initiative and attacks until one player has figures standing."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.events import Json
from turnbuckle.core.match import MatchSetup, Result
from turnbuckle.core.table import Table
from turnbuckle.rulesets.deathmatch.attack import Exchange, can_hurt
from turnbuckle.rulesets.deathmatch.figures import Army
from turnbuckle.rulesets.deathmatch.initiative import roll_initiative
from turnbuckle.rulesets.deathmatch.options import battle_options
from turnbuckle.rulesets.deathmatch.pieces import Piece
from turnbuckle.rulesets.deathmatch.policies import DETERMINISTIC, best_targets
from turnbuckle.rulesets.deathmatch.record_sheet import paper_sheet

#: A battle that no rule can end (policies that keep choosing targets they cannot hurt) is a draw
#: after this many rounds, far above any battle that can finish (see docs/decisions/deathmatch.md).
SAFETY_CAP = 10_000
#: How a battle ends: one player left, or a draw among the players still standing.
LAST_STANDING, STALEMATE, ROUND_LIMIT, SAFETY = "last-standing", "stalemate", "round-limit", "safety-cap"


def cap_problems(armies: Sequence[Army], names: Sequence[str], cap: int) -> list[str]:
    """Every army over the power cap (the handicap case, under the cap, is allowed)."""
    return [
        f"{name}'s army totals {army.power} power, over the cap of {cap}: drop figures or raise the cap"
        for army, name in zip(armies, names, strict=True)
        if army.power > cap
    ]


class Battle:
    def __init__(self, setup: MatchSetup[Army], table: Table) -> None:
        self.table = table
        self.names = list(setup.names)
        self.armies = list(setup.sides)
        opts = battle_options(setup.options)
        self.cap = opts.cap
        self.tiebreak = opts.tiebreak
        self.max_rounds = opts.max_rounds  # 0: no limit (the safety cap only)
        self.stake = opts.stake
        default = opts.default_policy
        self.kinds = [setup.players.get(i, "auto") for i in range(len(self.armies))]
        self.kinds = [default if k == "auto" else k for k in self.kinds]
        self.pieces = [
            Piece.from_figure(fig, seat, pos, name)
            for seat, (army, name) in enumerate(zip(self.armies, self.names, strict=True))
            for pos, fig in enumerate(army.figures)
        ]
        self.round = 0

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] == "human"

    def standing_players(self) -> list[int]:
        return sorted({p.seat for p in self.pieces if p.alive})

    # -- setup ----------------------------------------------------------------------------
    def check(self) -> None:
        problems = cap_problems(self.armies, self.names, self.cap)
        if problems:
            raise SheetError(f"power cap {self.cap}", problems)
        if any(self.is_human(s) for s in range(len(self.armies))) and not self.table.source.gives_choices:
            humans = ", ".join(self.names[s] for s in range(len(self.armies)) if self.is_human(s))
            raise RulesError(f"{humans} plays as human, but seeded dice cannot choose targets: play with "
                             "--dice ask (choices at the prompt) or --dice FILE (choices in the script), "
                             "or pick an automatic policy")

    def powers(self) -> dict[str, Json]:
        """Each army's total power rating, by player."""
        return {name: army.power for army, name in zip(self.armies, self.names, strict=True)}

    def handicaps(self) -> dict[str, Json]:
        """How far under the cap each army below it is (the handicap the rulebook allows)."""
        return {name: self.cap - army.power
                for army, name in zip(self.armies, self.names, strict=True) if army.power < self.cap}

    def start(self) -> None:
        self.table.happen(
            "battle_start", cap=self.cap, tiebreak=self.tiebreak, max_rounds=self.max_rounds,
            stake=self.stake, players=list(self.names), policies=dict(zip(self.names, self.kinds, strict=True)),
            power=self.powers(), handicaps=self.handicaps(), figures=[p.to_json() for p in self.pieces],
        )

    # -- the battle -----------------------------------------------------------------------
    def stalemate(self) -> bool:
        """No standing figure can ever damage a standing enemy: nothing can change any more."""
        live = [p for p in self.pieces if p.alive]
        return not any(can_hurt(a.atk, t.defence) for a in live for t in live if a.seat != t.seat)

    def standing_by_player(self) -> dict[str, Json]:
        return {self.names[s]: [p.tag for p in self.pieces if p.alive and p.seat == s]
                for s in self.standing_players()}

    def play(self) -> Result:
        self.check()
        self.start()
        if self.stalemate():
            return self.finish(STALEMATE)
        limit = self.max_rounds or SAFETY_CAP
        for rnd in range(1, limit + 1):
            self.round = rnd
            self.table.happen("round_start", round=rnd, standing=[p.tag for p in self.pieces if p.alive])
            order = roll_initiative(self.table, rnd, [p for p in self.pieces if p.alive], self.tiebreak,
                                    self.is_human)
            stalled = False
            for piece in order:
                if len(self.standing_players()) < 2:
                    break
                if not piece.alive:
                    self.table.happen("no_action", round=rnd, figure=piece.tag, reason="killed before its turn")
                    continue
                if self.attack(piece) and len(self.standing_players()) > 1 and self.stalemate():
                    stalled = True  # a kill left figures that cannot hurt each other: stop at once
                    break
            self.table.happen("round_end", round=rnd, hp={p.tag: p.hp for p in self.pieces})
            if len(self.standing_players()) < 2:
                return self.finish(LAST_STANDING)
            if stalled:
                return self.finish(STALEMATE)
        return self.finish(ROUND_LIMIT if self.max_rounds else SAFETY)

    def choose_target(self, attacker: Piece) -> Piece:
        targets = [p for p in self.pieces if p.alive and p.seat != attacker.seat]
        options = [p.tag for p in targets]
        by_tag = {p.tag: p for p in targets}
        listing = ", ".join(f"{p.label} HP {p.hp}" for p in targets)
        purpose = f"{attacker.label} attacks: target ({listing})"
        kind = self.kinds[attacker.seat]
        if len(targets) == 1:
            chosen = self.table.choose(options, purpose, attacker.player, automatic=lambda: options[0], by="forced")
        elif kind == "human":
            chosen = self.table.choose(options, purpose, attacker.player, automatic=None,
                                       labels=[p.name for p in targets])
        elif kind == "random":
            def roll_one() -> str:
                face = self.table.roll(1, len(options), f"{attacker.label} random target "
                                       f"(1-{len(options)}: {' '.join(options)})", side=attacker.player,
                                       meaning=options).total
                return options[face - 1]

            chosen = self.table.choose(options, purpose, attacker.player, automatic=roll_one, by="random")
        elif kind in DETERMINISTIC:
            tied = [p.tag for p in best_targets(kind, attacker, targets)]

            def pick() -> str:  # equal targets: a die with one face per target, never seat order
                if len(tied) == 1:
                    return tied[0]
                face = self.table.roll(1, len(tied), f"{attacker.label} {kind} tie "
                                       f"(1-{len(tied)}: {' '.join(tied)})", side=attacker.player).total
                return tied[face - 1]

            chosen = self.table.choose(options, purpose, attacker.player, automatic=pick, by=kind)
        else:  # pragma: no cover - player kinds are checked by Ruleset.run
            raise RulesError(f"unknown player kind '{kind}'")
        return by_tag[chosen]

    def attack(self, attacker: Piece) -> bool:
        """One attack; True when it kills the target."""
        target = self.choose_target(attacker)
        a = self.table.roll(1, 6, f"{attacker.label} attack (d6 + ATK {attacker.atk})", side=attacker.player).total
        d = self.table.roll(1, 6, f"{target.label} defence (d6 + DEF {target.defence})", side=target.player).total
        exchange = Exchange(a, attacker.atk, d, target.defence)
        attack_total, defence_total, dealt = exchange.attack_total, exchange.defence_total, exchange.damage
        before = target.hp
        target.hp = max(0, before - dealt)
        self.table.happen(
            "attack", round=self.round, attacker=attacker.tag, defender=target.tag,
            attack_roll=a, atk=attacker.atk, attack_total=attack_total,
            defence_roll=d, defence=target.defence, defence_total=defence_total,
            damage=dealt, hp_before=before, hp_after=target.hp,
        )
        if target.alive:
            return False
        self.table.happen("killed", round=self.round, figure=target.tag, by=attacker.tag)
        if not any(p.alive and p.seat == target.seat for p in self.pieces):
            self.table.happen("eliminated", round=self.round, player=target.player, by=attacker.player,
                              remaining=[self.names[s] for s in self.standing_players()])
        return True

    def finish(self, how: str) -> Result:
        """The result: ``how`` is LAST_STANDING, or the kind of draw (shared only by the players
        still standing; an eliminated player never shares a draw)."""
        standing = self.standing_players()
        # Each kind is written out (not looked up) so the event kinds a game logs can be read
        # from its source and checked against docs/json-format.md.
        if how == STALEMATE:
            self.table.happen("stalemate", round=self.round, rounds=self.round, standing=self.standing_by_player())
        elif how == ROUND_LIMIT:
            self.table.happen("round_limit", round=self.round, rounds=self.max_rounds,
                              standing=self.standing_by_player())
        elif how == SAFETY:
            self.table.happen("safety_cap", round=self.round, rounds=SAFETY_CAP, standing=self.standing_by_player())
        sheet = paper_sheet(self.table.log.events)
        extra: dict[str, Json] = {
            "stake": self.stake,
            "cap": self.cap,
            "power": self.powers(),
            "handicaps": self.handicaps(),
            "survivors": [p.tag for p in self.pieces if p.alive],
            "sheet": sheet,
        }
        if how == LAST_STANDING:
            winner = standing[0]
            name = self.names[winner]
            left = [p for p in self.pieces if p.alive]
            spoils = f" Spoils of war: {self.stake}." if self.stake else ""
            summary = (f"{name} wins the Deathmatch in round {self.round}, the last player standing with "
                       f"{len(left)} figure{'s' if len(left) != 1 else ''} left.{spoils}")
            self.table.happen("battle_end", round=self.round, winner=name, survivors=[p.tag for p in left])
            return Result(winner, LAST_STANDING, {"round": self.round}, summary, extra)
        drawn = [self.names[s] for s in standing]
        names = " and ".join([", ".join(drawn[:-1]), drawn[-1]]) if len(drawn) > 1 else drawn[0]
        when = f"in round {self.round}" if self.round else "before the first round"
        if how == STALEMATE:
            why = f"A stalemate {when}: no figure left standing can ever damage an enemy"
        elif how == ROUND_LIMIT:
            why = f"The round limit of {self.max_rounds} was reached"
        else:
            why = (f"The battle could not finish: the safety cap of {SAFETY_CAP:,} rounds was reached "
                   "(the automatic players kept choosing targets they could not hurt)")
        summary = (f"{why}; a draw between {names}, still standing."
                   + (f" Nobody takes the spoils ({self.stake})." if self.stake else ""))
        self.table.happen("battle_end", round=self.round, winner=None,
                          survivors=[p.tag for p in self.pieces if p.alive])
        extra["drawn"] = list(drawn)
        return Result(None, how, {"round": self.round}, summary, extra)
