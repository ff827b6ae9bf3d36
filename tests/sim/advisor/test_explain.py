"""``explain``: the state after each round read from the record matches the record's own figures,
the fast engine's continuations agree with the reference engine playing on from the record's dice,
and the command prints the odds, the swings and the advisor's alternative (and a plot)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.sim.advisor.helpers import M2, options, side
from turnbuckle.cli.app import app
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.sources import Request, SeededSource
from turnbuckle.rulesets.matchmatch.styles import STYLES
from turnbuckle.sim.matchmatch.advisor.continuation import continuation, dice_before, states
from turnbuckle.sim.matchmatch.fast import run_setup
from turnbuckle.sim.matchmatch.tables import Setup

runner = CliRunner()


class PlayOn:
    """The record's dice up to a point, then seeded dice: the reference engine playing on."""

    kind = "scripted"
    seed = None
    gives_choices = False

    def __init__(self, faces: Sequence[int], seed: int) -> None:
        self.faces = list(faces)
        self.rest = SeededSource(seed)

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        if self.faces:
            taken, self.faces = self.faces[:count], self.faces[count:]
            return tuple(taken)
        return self.rest.roll(count, sides, request)

    def card(self, pile: Sequence[object], request: Request) -> object:
        raise AssertionError("MatchMatch draws no card")

    def choose(self, options: Sequence[str], request: Request) -> str:
        raise AssertionError("MatchMatch asks no choice of an automatic side")


#: Careful early, reckless late: a continuation that read the wrong rounds would show it.
PHASES = """Strategy:+High Flying +Technical -Power
Round\tTarget\tType\tNotes
1-5\tStamina\tDefensive\tWait.
6+\tStamina\tHigh Risk\tGo up top.
"""


def _long_match() -> MatchRecord:
    sides = [side("friendly-sam", PHASES), side("iron-ivan")]
    for seed in range(200):
        record: MatchRecord = M2.run(sides, SeededSource(seed), {"referee": "roll"})
        rounds: Any = record.result.at.get("round", 0)
        if rounds >= 8 and record.result.winner is not None:
            return record
    raise AssertionError("no long match in 200 seeds")


def test_the_state_after_each_round_is_the_records() -> None:
    record = _long_match()
    found = states(record)
    names = list(record.names)
    starts = [e for e in record.events if isinstance(e, Happening) and e.type == "round_start"]
    assert len(found) == len(starts)
    for st, e in zip(found, starts, strict=True):  # state k is what round k + 1 starts from
        number: Any = e.data["round"]
        assert st.round == int(number) - 1
        stamina: Any = e.data["stamina"]
        values: Any = e.data["values"]
        for i, name in enumerate(names):
            assert st.values[i, 8] == stamina[name]
            assert st.values[i, STYLES.index(str(e.data["style"]))] == values[name]


def test_fast_continuations_agree_with_the_reference_engine_playing_on() -> None:
    record = _long_match()
    sides = [M2.load_side(s, "side") for s in record.sheets]
    found = states(record)
    k = 4
    setup = continuation(Setup.of(sides, options(**{**record.options, "grid": ""})), found[k])
    fast = run_setup(setup, 40_000, 3)
    p_fast = fast.wins(0) / fast.n
    n = 1500
    prefix = dice_before(record, k + 1)
    wins = sum(M2.run(sides, PlayOn(prefix, 1000 + i), dict(record.options)).result.winner == 0 for i in range(n))
    assert abs(wins / n - p_fast) < 0.045, (wins / n, p_fast)


def test_explain_prints_odds_swings_and_the_alternative(tmp_path: Path) -> None:
    record = _long_match()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_json()))
    plot = tmp_path / "swing.png"
    out = runner.invoke(app, ["explain", str(path), "--budget-matches", "30000", "--continuations", "2000",
                              "--seed", "4", "--plot", str(plot), "-f", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["pre_match"]["matches"] == 200_000 and len(data["rounds"]) == record.result.at["round"]
    last = data["rounds"][-1]["win"][record.winner_name()]
    assert last == 1.0 and data["swings"] and data["swings"][0]["text"].startswith("round ")
    assert data["alternative"]["budget_matches"] == 30000 and data["alternative"]["strategy"].startswith("Strategy:")
    assert plot.stat().st_size > 1000
    text = runner.invoke(app, ["explain", str(path), "--budget-matches", "30000", "--continuations", "2000"])
    assert "Biggest swings:" in text.stdout and "a search of" in text.stdout
    seed = text.stderr.split("turnbuckle: note: seed ")[1].split()[0]  # a fresh seed is told, to repeat it
    again = runner.invoke(app, ["explain", str(path), "--budget-matches", "30000", "--continuations", "2000",
                                "--seed", seed])
    assert again.stdout == text.stdout and again.stderr == ""
    bad = runner.invoke(app, ["explain", str(path), "--continuations", "5"])
    assert bad.exit_code == 2 and "--continuations 5" in bad.output


def test_a_record_cut_short_or_edited_is_refused_in_one_line(tmp_path: Path) -> None:
    record: Any = json.loads(json.dumps(_long_match().to_json()))
    cut = {**record, "events": record["events"][:5]}  # valid JSON, its rounds gone
    renamed = json.loads(json.dumps(record))
    for e in renamed["events"]:
        if e.get("type") == "damage":
            e["side"] = "Nobody"
            break
    for doc in (cut, renamed):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(doc))
        out = runner.invoke(app, ["explain", str(path), "--budget-matches", "1000", "--continuations", "100"])
        assert out.exit_code == 2, out.output
        assert "does not play again as it reads" in out.output and len(out.output.strip().splitlines()) == 1


def test_a_plot_path_that_is_a_folder_is_one_line_before_any_work(tmp_path: Path) -> None:
    # It was an internal error (IsADirectoryError, exit 3) after the whole explanation was computed.
    folder = tmp_path / "chart.png"
    folder.mkdir()
    record = tmp_path / "record.json"
    record.write_text("{}")  # never read: the plot's path is checked first
    out = runner.invoke(app, ["explain", str(record), "--plot", str(folder)])
    assert out.exit_code == 2 and "that is a folder" in out.output and len(out.output.strip().splitlines()) == 1


def _tied_finish() -> MatchRecord:
    """Sam and Bob (automatic strategies, seed 4): round 5 is a tie at the top, and both go for the
    win: Bob's cover gets no count, Sam gets the three."""
    out = runner.invoke(app, ["match", "m2", "friendly-sam", "brother-bob", "--seed", "4", "-f", "json"])
    assert out.exit_code == 0, out.output
    return record_from_json(json.loads(out.stdout))


def test_a_decisive_tie_says_whose_cover_missed_and_who_got_the_three() -> None:
    from turnbuckle.sim.matchmatch.advisor.explain import _what

    record = _tied_finish()
    assert record.result.at["round"] == 5 and record.winner_name() == "Friendly Sam"
    assert _what(record, 5) == ("a tie at the top; both went for the win: Brother Bob's cover got no count, "
                                "Friendly Sam got the three")


def test_explain_json_holds_no_wall_clock_so_one_seed_gives_one_answer(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_tied_finish().to_json()))
    args = ["explain", str(path), "--budget-matches", "1000", "--continuations", "100", "--seed", "3", "-f", "json"]
    one, two = (runner.invoke(app, args) for _ in range(2))
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout and "seconds" not in json.loads(one.stdout)
    assert json.loads(one.stdout)["alternative"]["found_better"] is True  # 59.0% against 49.4%


def test_an_alternative_no_better_than_the_plan_played_is_not_offered() -> None:
    from turnbuckle.sim.matchmatch.advisor.explain import Explanation, measurably_better

    assert not measurably_better(0.302, 200_000, 0.302, 200_000)
    assert not measurably_better(0.3035, 200_000, 0.302, 200_000)  # within the two measurements' noise
    assert measurably_better(0.31, 200_000, 0.302, 200_000)
    alt = {"side": "Brother Bob", "strategy": "Strategy:+Brawling +Cheating -Power\n", "search_matches": 23_000,
           "budget_matches": 1_000, "measured_matches": 200_000, "advised_win": 0.302, "played_win": 0.302,
           "found_better": False}
    shown = Explanation(("Friendly Sam", "Brother Bob"), "Sam wins", 0, (0.7, 0.3), 0.0, 200_000, 0.7, [], 0.01,
                        100, [], alt).text()
    assert ("The advisor found no strategy measurably better for Brother Bob against the same opponent strategy "
            "than the one played") in shown
    assert "Strategy:" not in shown and "alternative" not in shown
