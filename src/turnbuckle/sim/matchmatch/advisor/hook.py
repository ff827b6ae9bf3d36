"""MatchMatch's advisor, as the generic ``advise`` and ``explain`` commands call it (``sim/advice.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.sim.advice import Fraction, Report


class MatchMatchAdvisor:
    def advise(self, sides: Sequence[Any], me: int, options: Mapping[str, OptionValue], *, seed: int,
               budget_matches: int | None, budget_seconds: float | None, measure_n: int,
               threads: int | None = None, progress: Fraction | None = None, client: Any = None,
               fields: Mapping[int, tuple[str, Sequence[Any]]] | None = None) -> Report:
        from turnbuckle.sim.matchmatch.advisor.advise import advise  # lazy: the advisor loads when it is asked for

        given = [*sides, *(s for _, field in (fields or {}).values() for s in field)]
        if not all(isinstance(s, Side) for s in given):
            raise RulesError("the MatchMatch advisor takes MatchMatch wrestlers and teams")
        return advise(list(sides), me, options, seed=seed, budget_matches=budget_matches,
                      budget_seconds=budget_seconds, measure_n=measure_n, threads=threads, progress=progress,
                      client=client, fields=fields)

    def field(self, name: str, facts: Mapping[str, str], push_level: int | None, injuries: int, *, size: int,
              seed: int) -> dict[str, Any]:
        from turnbuckle.sim.matchmatch.advisor.field import (  # lazy: the advisor loads when it is asked for
            field_documents,
        )

        return field_documents(name, facts, push_level, injuries, size=size, seed=seed)

    def explain(self, record: MatchRecord, *, seed: int, budget_matches: int, continuations: int,
                threads: int | None = None, progress: Fraction | None = None) -> Report:
        from turnbuckle.sim.matchmatch.advisor.explain import explain  # lazy: the advisor loads when it is asked for

        return explain(record, seed=seed, budget_matches=budget_matches, continuations=continuations,
                       threads=threads, progress=progress)

    def plot(self, report: Report, path: str) -> None:
        from turnbuckle.sim.matchmatch.advisor.explain_plot import plot  # lazy: the advisor loads when it is asked for

        plot(report.json(), path)


ADVISOR = MatchMatchAdvisor()
