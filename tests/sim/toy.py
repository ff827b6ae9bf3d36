"""A tiny made-up game for testing the generic parts of the sim layer: 2 to 4 sides each roll a
d6 per turn for up to three turns; a side that rolls a 6 alone wins at once ("spike"), else the
highest total after three turns wins ("points"), and a tie is a draw."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from turnbuckle.core.events import Json
from turnbuckle.core.match import MatchRecord, MatchSetup, Result
from turnbuckle.core.models import load_model
from turnbuckle.core.options import OptionSpec
from turnbuckle.core.registry import Ruleset, RulesetInfo, Sample
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str


class ToyRuleset(Ruleset[Player]):
    info = RulesetInfo(id="toy", name="Toy dice", version="0.1", designer="tests", summary="a test game",
                       min_sides=2, max_sides=4,
                       options=(OptionSpec("turns", 3, "turns before points decide", minimum=1, maximum=9),))

    def samples(self) -> Sequence[Sample]:
        return [Sample(n, n, f"name: {n.title()}\n") for n in ("ann", "bob", "cy", "di")]

    def load_side(self, data: object, label: str) -> Player:
        return load_model(Player, data, label)

    def side_name(self, side: Player) -> str:
        return side.name

    def side_json(self, side: Player) -> Json:
        return {"name": side.name}

    def play(self, setup: MatchSetup[Player], table: Table) -> Result:
        totals = [0] * len(setup.sides)
        turns = int(setup.options["turns"])
        for turn in range(1, turns + 1):
            faces = [table.roll(1, 6, f"{n} roll", n).total for n in setup.names]
            totals = [t + f for t, f in zip(totals, faces, strict=True)]
            if faces.count(6) == 1:
                return Result(faces.index(6), "spike", {"turn": turn})
        best = max(totals)
        if totals.count(best) > 1:
            return Result(None, "draw", {"turn": turns})
        return Result(totals.index(best), "points", {"turn": turns})

    def narrate(self, record: MatchRecord) -> Writeup:
        return Writeup("toy")
