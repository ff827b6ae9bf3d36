"""``turnbuckle bestiary``: the Deathmatch figures an army can name by id, with exchange odds."""

from __future__ import annotations

from typing import Annotated

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.core.errors import RulesError


def bestiary(
    attacker: Annotated[str | None, typer.Argument(help="A figure id: show its odds attacking DEFENDER.")] = None,
    defender: Annotated[str | None, typer.Argument(help="The figure id it attacks.")] = None,
) -> None:
    """List the UOV Deathmatch bestiary, or the exact odds of one attack between two figures."""
    from turnbuckle.rulesets.deathmatch.figures import bestiary as load_bestiary
    from turnbuckle.rulesets.deathmatch.odds import expected_damage, hit_chance, kill_chance

    with user_errors():
        beasts = load_bestiary()
        if attacker is None:
            print(f"{'id':<16} {'name':<16} {'rating':<6} {'HP':>3} {'SPD':>3} {'ATK':>3} {'DEF':>3}")
            for key, f in beasts.items():
                print(f"{key:<16} {f.name:<16} {f.rating:<6} {f.hp:>3} {f.spd:>3} {f.atk:>3} {f.defence:>3}")
            return
        if defender is None:
            raise RulesError("give two figure ids, the attacker then the defender, e.g. ash-wyrm bone-knight")
        keys = [key.strip().lower() for key in (attacker, defender)]
        for given, key in zip((attacker, defender), keys, strict=True):
            if key not in beasts:
                raise RulesError(f"'{given}' is not in the bestiary; ids are: {', '.join(beasts)}")
        a, d = beasts[keys[0]], beasts[keys[1]]
        hit, kill = hit_chance(a.atk, d.defence), kill_chance(a.atk, d.defence, d.hp)
        mean = expected_damage(a.atk, d.defence)
        print(f"{a.name} (ATK {a.atk}) attacks {d.name} (DEF {d.defence}, HP {d.hp}):")
        print(f"  damages it: {hit} ({float(hit):.1%})")
        print(f"  kills it in one attack: {kill} ({float(kill):.1%})")
        print(f"  expected damage: {mean} ({float(mean):.2f})")


def register(app: typer.Typer) -> None:
    app.command()(bestiary)
