"""``turnbuckle bestiary``: the Deathmatch figures an army can name by id, with exchange odds."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.grammar import check_format, format_option
from turnbuckle.core.errors import RulesError
from turnbuckle.core.hints import near_miss

BESTIARY_FORMATS = ("text", "markdown", "json")


def bestiary(
    attacker: Annotated[str | None, typer.Argument(help="A figure id: show its odds attacking DEFENDER.")] = None,
    defender: Annotated[str | None, typer.Argument(help="The figure id it attacks.")] = None,
    fmt: Annotated[str, format_option(BESTIARY_FORMATS)] = "text",
) -> None:
    """List the UOV Deathmatch bestiary, or the exact odds of one attack between two figures."""
    from turnbuckle.rulesets.deathmatch.figures import (  # lazy: loads the game only when a command asks for it
        bestiary as load_bestiary,
    )
    from turnbuckle.rulesets.deathmatch.odds import (  # lazy: loads the game only when a command asks for it
        expected_damage,
        hit_chance,
        kill_chance,
    )

    with user_errors():
        chosen = check_format(fmt, BESTIARY_FORMATS)
        beasts = load_bestiary()
        if attacker is None:
            rows = [(key, f.name, f.rating, f.hp, f.spd, f.atk, f.defence) for key, f in beasts.items()]
            if chosen == "json":
                columns = ("id", "name", "rating", "hp", "spd", "atk", "def")
                figures = [dict(zip(columns, r, strict=True)) for r in rows]
                data = {"format": "turnbuckle.bestiary/1", "figures": figures}
                sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
            elif chosen == "markdown":
                print("| id | name | rating | HP | SPD | ATK | DEF |\n|---|---|---|---|---|---|---|")
                for r in rows:
                    print("| " + " | ".join(str(c) for c in r) + " |")
            else:
                print(f"{'id':<16} {'name':<16} {'rating':<6} {'HP':>3} {'SPD':>3} {'ATK':>3} {'DEF':>3}")
                for key, f in beasts.items():
                    print(f"{key:<16} {f.name:<16} {f.rating:<6} {f.hp:>3} {f.spd:>3} {f.atk:>3} {f.defence:>3}")
            return
        if defender is None:
            raise RulesError("give two figure ids, the attacker then the defender, e.g. ash-wyrm bone-knight")
        keys = [key.strip().lower() for key in (attacker, defender)]
        for given, key in zip((attacker, defender), keys, strict=True):
            if key not in beasts:
                raise RulesError(f"'{given}' is not in the bestiary{near_miss(key, beasts)}; ids are: "
                                 f"{', '.join(beasts)}")
        a, d = beasts[keys[0]], beasts[keys[1]]
        hit, kill = hit_chance(a.atk, d.defence), kill_chance(a.atk, d.defence, d.hp)
        mean = expected_damage(a.atk, d.defence)
        if chosen == "json":
            data = {"format": "turnbuckle.attack/1", "attacker": keys[0], "defender": keys[1],
                    "damage": str(hit), "kill": str(kill), "expected_damage": str(mean)}
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
            return
        bullet = "- " if chosen == "markdown" else "  "
        print(f"{a.name} (ATK {a.atk}) attacks {d.name} (DEF {d.defence}, HP {d.hp}):")
        print(f"{bullet}damages it: {hit} ({float(hit):.1%})")
        print(f"{bullet}kills it in one attack: {kill} ({float(kill):.1%})")
        print(f"{bullet}expected damage: {mean} ({float(mean):.2f})")


def register(app: typer.Typer) -> None:
    app.command()(bestiary)
