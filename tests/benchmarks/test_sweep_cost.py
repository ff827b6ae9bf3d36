"""The sweep cost bench's arithmetic and order of runs (the bench itself times things: ``make bench``)."""

from __future__ import annotations

from benchmarks import sweep_cost


def test_the_ratio_is_of_costs_per_match_from_medians_of_runs_in_turns() -> None:
    calls: list[tuple[str, str]] = []
    walls = {"2000": iter([1.0, 3.0, 1.2]), "20000": iter([8.0, 9.0, 10.0])}

    def fake_wall(args: list[str]) -> float:
        n, threads = args[args.index("-n") + 1], args[args.index("--threads") + 1]
        calls.append((n, threads))
        return next(walls[n])

    (row,) = sweep_cost.sweep_cost_rows(threads=(1,), wall=fake_wall)
    assert calls == [("2000", "1"), ("20000", "1")] * 3  # in turns
    assert (row.small_s, row.large_s, row.pairings) == (1.2, 9.0, 2628)
    assert abs(row.ratio - (1.2 / 2000) / (9.0 / 20000)) < 1e-12  # 1.33: over the target
    assert not row.met
    (line,) = sweep_cost.lines([row])
    assert "--threads 1" in line and "ratio 1.33" in line and "NOT met" in line
