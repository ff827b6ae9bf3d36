"""Deathmatch's pick advisor (``sim/advice.py``'s ``Picker``), as ``advise`` calls it: the best army
of a bestiary under the power cap against an army, a battle of several, or a field of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.deathmatch.figures import Army, Figure, bestiary, parse_bestiary
from turnbuckle.rulesets.deathmatch.options import battle_options
from turnbuckle.rulesets.deathmatch.policies import POLICIES
from turnbuckle.sim.advice import Fraction
from turnbuckle.sim.deathmatch.army_dask import on_cluster
from turnbuckle.sim.deathmatch.army_report import ArmyAdvice, Entry
from turnbuckle.sim.deathmatch.army_search import Battles, measure, play_here, race
from turnbuckle.sim.deathmatch.army_space import army_space, find
from turnbuckle.sim.deathmatch.tables import MAX_SIDES


def _policy(kind: str, default: str, who: str) -> str:
    if kind == "auto":
        return default
    if kind not in POLICIES:
        raise RulesError(f"{who}: '{kind}' is not a target policy; the army search plays one of "
                         f"{', '.join(POLICIES)} (or auto: the match's default_policy)")
    return kind


def advise_army(me: Army, opponents: Sequence[Army], options: Mapping[str, OptionValue], *, field: bool,
                position: int, players: Mapping[int, str], pool: Mapping[str, Figure], pool_label: str,
                seed: int, budget_matches: int | None, budget_seconds: float | None, measure_n: int,
                threads: int | None = None, progress: Fraction | None = None, client: Any = None) -> ArmyAdvice:
    """The best army of ``pool`` under the options' cap for ``me``'s seat (``position``, 1 first)
    against ``opponents``: one battle of them all, or (``field``) one battle each, the score the
    mean. ``players``: each side's target policy, 0 for ``me`` and 1, 2... for the opponents
    (with a field, 1 is every opponent's). With a Dask ``client`` the battles play on its cluster,
    with the same answer."""
    if not opponents:
        raise RulesError("give an opponent army (or a field of them)")
    if not field and len(opponents) + 1 > MAX_SIDES:
        raise RulesError(f"UOV Deathmatch needs 2 to {MAX_SIDES} armies, got {len(opponents) + 1} (one battle of "
                         "them all); give a field (--field) to be scored against each of them")
    opts = battle_options(options)
    cap, default = opts.cap, opts.default_policy
    for army in (me, *opponents):
        if army.power > cap:
            who = "your army" if army is me else f"the opponent {army.name}"
            raise RulesError(f"{who} totals {army.power} power, over the cap of {cap}: raise the cap (--cap "
                             f"{army.power}) or give an army under it")
    seats = 2 if field else len(opponents) + 1
    if not 1 <= position <= seats:
        raise RulesError(f"--position {position}: your seat in a battle of {seats} is 1 to {seats}")
    extra = sorted(i + 1 for i in players if not 0 <= i <= (1 if field else len(opponents)))
    if extra:
        raise RulesError(f"--policy: no side {extra[0]} here (side 1 is yours, then the opponents)")
    mine = _policy(players.get(0, "auto"), default, "side 1 (yours)")
    groups: tuple[tuple[Army, ...], ...]
    theirs: tuple[tuple[str, ...], ...]
    if field:
        theirs_one = _policy(players.get(1, "auto"), default, "side 2 (the field)")
        groups = tuple((o,) for o in opponents)
        theirs = tuple((theirs_one,) for _ in opponents)
    else:
        groups = (tuple(opponents),)
        theirs = (tuple(_policy(players.get(i + 1, "auto"), default, f"side {i + 2}")
                        for i in range(len(opponents))),)
    space = army_space(pool, cap)
    armies = [c.army(pool) for c in space]
    battles = Battles(groups, position - 1, mine, theirs, options, threads)
    play = play_here if client is None else on_cluster(client)
    found = race(armies, battles, seed=seed, budget=budget_matches, seconds=budget_seconds, progress=progress,
                 play=play)
    measured = measure([armies[i] for i in found.leaders] + [me], battles, n=measure_n, seed=seed, play=play)
    leaders = [Entry(space[i].ids, space[i].power(pool), found.scores[i], score)
               for i, score in zip(found.leaders, measured, strict=False)]
    names = [o.name for o in opponents]
    return ArmyAdvice("deathmatch", cap, pool_label, names, field, position - 1, mine,
                      [list(t) for t in theirs], len(space), seed, found, leaders,
                      (me.name, me.power, measured[-1], find(space, pool, me)))


class ArmyPicker:
    """What ``advise`` calls for a game whose choice before a match is a side picked from a pool
    under a cap (``Simulation.picker``)."""

    def pick(self, me: Any, opponents: Sequence[Any], options: Mapping[str, OptionValue], *, field: bool,
             position: int, players: Mapping[int, str], pool: tuple[str, str] | None, seed: int,
             budget_matches: int | None, budget_seconds: float | None, measure_n: int,
             threads: int | None = None, progress: Fraction | None = None, client: Any = None) -> ArmyAdvice:
        if not all(isinstance(s, Army) for s in (me, *opponents)):
            raise RulesError("the army search takes Deathmatch armies")
        figures, label = (dict(bestiary()), "the bundled bestiary") if pool is None else (
            parse_bestiary(pool[0], pool[1]), pool[1])
        return advise_army(me, opponents, options, field=field, position=position, players=players, pool=figures,
                           pool_label=label, seed=seed, budget_matches=budget_matches,
                           budget_seconds=budget_seconds, measure_n=measure_n, threads=threads, progress=progress,
                           client=client)


PICKER = ArmyPicker()
