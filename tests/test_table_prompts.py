"""Table prompts that say exactly what to roll (issue 31), checked against the engine itself: a
match is seeded, its dice are fed back one entry at a time through ``play_step`` (what table mode
and the score keeper do), and every ask's note must agree with what the engine then did. The same
notes reach the terminal (checked at the prompt) and the web keeper (tests/web)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_table_mode import answers, seeded, tb
from turnbuckle.cli import table_play
from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.entries import Need
from turnbuckle.core.events import Choice, Happening, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.step import Step, play_step
from turnbuckle.rulesets.registry import get_ruleset


def walk(game: str, sides: list[str], record: MatchRecord, players: dict[int, str] | None = None
         ) -> Iterator[tuple[Need, int]]:
    """Each ask of the seeded ``record`` replayed entry by entry: the need and how many events the
    match had logged before it (so the events after it say what the engine did with the answer)."""
    rs = get_ruleset(game)
    loaded = [resolve_side(rs, s) for s in sides]
    tokens = [t for a in answers(record) for t in a.split(" ")] if game != "headlock" else answers(record)
    for n in range(len(tokens)):
        step: Step = play_step(rs, loaded, tokens[:n], record.options, players or record.players, narrate=False)
        assert step.need is not None and step.seen is not None
        yield step.need, len(step.seen.events)


def test_boxing_punch_names_its_dice_and_the_board_shows_the_speed_the_turn_uses() -> None:
    record = seeded("boxing", ["slugger", "speedster"], {"rounds": 3}, seed=1)
    events = record.events
    rs = get_ruleset("boxing")
    loaded = [resolve_side(rs, s) for s in ["slugger", "speedster"]]
    tokens = [t for a in answers(record) for t in a.split(" ")]
    checked = knockdowns = 0
    for n in range(len(tokens)):
        step = play_step(rs, loaded, tokens[:n], record.options, narrate=False)
        need, seen = step.need, step.seen
        assert need is not None and seen is not None
        if need.purpose.endswith("punch"):
            assert need.dice == ("the punch", "the hand")
            assert f"die {len(need.given) + 1} of 2: {need.dice[len(need.given)]}" in need.describe()
            assert "The first die picks the punch, the second the hand (1-3 the first name" in need.note
            punch: Any = next(e.data for e in events[len(seen.events):] if isinstance(e, Happening)
                              and e.type == "punch")
            lines = {line.split(":")[0]: line for line in seen.board[1:]}
            # the board's Toughness (after knockdown penalties) and Power are the punch's own
            assert f"Toughness {punch['toughness']}," in lines[punch["defender"]]
            assert f"Power {punch['power']}," in lines[punch["attacker"]]
            checked += 1
        if need.purpose.endswith("initiative") and not need.given:
            # the Speed the board and the note show is the one the engine adds to this turn's 2d12
            after: Any = next(e.data for e in events[len(seen.events):] if isinstance(e, Happening)
                              and e.type in ("initiative", "clinch"))
            if "naturals" not in after:  # a clinch logs only the totals
                continue
            totals, naturals = after["totals"], after["naturals"]
            for name, total, natural, line in zip(record.names, totals, naturals, seen.board[1:], strict=True):
                speed = total - natural
                assert f"Speed {speed}, Toughness " in line and ", Power " in line, (line, speed)
                assert f"{name} 2d12 + Speed {speed}" in need.note
            knockdowns += sum(1 for e in seen.events if isinstance(e, dict) and e.get("type") == "knockdown")
            checked += 1
    assert checked > 6 and knockdowns > 0  # seed 1 has a knockdown after an interval's fatigue


def test_boxing_prompt_at_the_terminal_asks_one_named_die_at_a_time() -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--dice", "ask", input="3 4\n5 6\n6\n")
    assert "punch: roll 2d6 (die 1 of 2: the punch)" in out.stderr
    assert "punch: roll 2d6 (die 2 of 2: the hand; entered so far: 6)" in out.stderr
    assert "1 Left Jab | Series of Left Jabs; 2 Left Body Blow | Right Body Blow; 3 Straight Left | Straight " \
           "Right; 4 Left Hook | Right Hook; 5 Left Uppercut | Right Uppercut; 6 Counterpunch | Special Move." \
        in out.stderr
    assert "This turn: Dutch Kessler 2d12 + Speed 3; Lupe Ferreira 2d12 + Speed 8." in out.stderr
    assert "  | Dutch Kessler: HP 40, Speed 3, Toughness 4, Power 8, knockdowns 0" in out.stderr


def test_folkstyle_quality_scramble_and_near_fall_prompts_restate_the_turn() -> None:
    record = seeded("folkstyle", ["cal-okafor", "tess-varga"], {}, seed=132)
    seen = set()
    for need, logged in walk("folkstyle", ["cal-okafor", "tess-varga"], record):
        what = need.purpose.split(" ", 1)[1]
        if what not in ("quality", "scramble", "near fall"):
            continue
        turn: Any = next(e.data for e in record.events[logged:] if isinstance(e, Happening) and e.type == "turn")
        moves = turn["moves"]
        for colour in ("Red", "Green"):
            assert f"{colour} rolled {moves[colour]['face']}, {moves[colour]['name']} (base {moves[colour]['base']})" \
                in need.note, need.note
        if what == "scramble":
            assert f"the scramble number is {turn['follow_up']['number']}." in need.note
        if what != "quality":
            for colour in ("Red", "Green"):
                assert f"{colour} {moves[colour]['base']} + {moves[colour]['die']} = {moves[colour]['quality']}" \
                    in need.note
        seen.add(what)
    assert seen == {"quality", "scramble", "near fall"}


def test_deathmatch_tie_prompts_give_the_totals_and_count_ties_through_the_round() -> None:
    record = seeded("deathmatch", ["dread-trio", "crypt-guard"], {"max_rounds": 2}, seed=1)
    counts: list[int] = []
    for need, logged in walk("deathmatch", ["dread-trio", "crypt-guard"], record):
        if not need.purpose.startswith(("coin flip", "tie flip")) and "rock-paper-scissors" not in need.purpose:
            continue
        assert need.note.startswith("Round 1 initiative, tie-break "), need.note
        settled = next(e for e in record.events[logged:] if isinstance(e, Happening)
                       and e.type in ("tie_break", "tie_flip"))
        total = settled.data["total"]
        assert f"are tied on {total} (totals: " in need.note
        assert ("1 (heads) keeps" in need.note) == (settled.type == "tie_flip")
        assert ("A coin decides" in need.note) == (settled.type == "tie_break")
        counts.append(int(need.note.split("tie-break ")[1].split(" ")[0]))
    # every tie of round 1 has its own number, 1, 2, 3...; the flips of one tie share it
    ties = [e for e in record.events if isinstance(e, Happening) and e.type in ("tie_break", "tie_flip")
            and e.data["round"] == 1]
    assert counts[0] == 1 and counts == sorted(counts) and sorted(set(counts)) == list(range(1, len(ties) + 1))
    assert len(counts) > len(ties)  # a tie flipped more than once kept its number


def _answer(prompt: str, cards: Iterator[str]) -> str:
    """What a table says to a prompt: the next card of a fixed order, the first option, a 1."""
    if "draw a card" in prompt:
        return next(cards)
    if "choose one of " in prompt:
        return prompt.split("choose one of ", 1)[1].split(",")[0].split(" ")[0].strip(" >")
    return "1"


def test_headlock_passes_the_device_before_the_other_players_secret_turn() -> None:
    rs = get_ruleset("headlock")
    loaded = [resolve_side(rs, s) for s in ["the-rhino", "amethyst-assassin"]]
    rhino, assassin = (rs.side_name(s) for s in loaded)
    cards = iter(["5H", "9C", "7S", "3D", "8H", "4C", "10S", "2D"])
    screen: list[str] = []

    def ask(prompt: str) -> str:
        screen.append(prompt)
        return _answer(prompt, cards)

    session = table_play.Session(rs, loaded, {"turns": 2}, {0: "human", 1: "human"}, ask=ask, tell=screen.append,
                                 pause=lambda side: screen.append(f"<PASS TO {side}>"))
    session.play()
    passes = [i for i, line in enumerate(screen) if line.startswith("<PASS TO")]
    assert screen[passes[0]] == f"<PASS TO {assassin}>"
    picked = next(i for i in range(passes[0], len(screen)) if f"{assassin} move on" in screen[i])
    before, after = "\n".join(screen[:passes[0]]), "\n".join(screen[passes[0]:picked + 1])
    assert f"{rhino} move on 5H" in before  # his card and his pick, on his screen
    assert "5H" not in after and f"{assassin}'s card: 9C" in after  # hers only, after the pass
    # turn 2: the cards were revealed, so The Rhino draws without a pause; she gets one again after his pick
    assert screen[passes[1]] == f"<PASS TO {assassin}>" and len(passes) == 2
    assert any(f"{rhino} move on 7S" in line for line in screen[passes[0]:passes[1]])
    notes = [line for line in screen if line.strip().startswith("Moves: ")]
    assert notes and all("(strike)" in n or "(grapple)" in n for n in notes)


def test_headlock_move_list_marks_submissions_and_chokes() -> None:
    from turnbuckle.rulesets.headlock.prompts import move_note

    class M:
        def __init__(self, code: str, name: str, kind: str) -> None:
            self.code, self.name, self.kind = code, name, kind

    note = move_note([M("s1", "Jab", "strike"), M("g5", "Crossface", "submission"), M("g7", "Sleeper", "choke")])
    assert note.startswith("Moves: s1 Jab (strike), g5 Crossface (SUBMISSION), g7 Sleeper (CHOKE).")
    assert "CHOKE: a submission that can choke out" in note and "SUBMISSION: held" in note


def test_headlock_at_a_piped_terminal_says_to_pass_the_device() -> None:
    out = tb("match", "headlock", "the-rhino", "amethyst-assassin", "--dice", "ask", "--player", "1=human",
             "--player", "2=human", input="5H\ns1\n")
    assert "--- pass the device to The Amethyst Assassin ---" in out.stderr


def test_matchmatch_grid_asks_for_a_d8_rerolling_8_and_the_referee_roll_lists_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the stopped session saves its entries here
    out = tb("match", "m2", "friendly-sam", "iron-ivan", "--dice", "ask", "-o", "referee=roll",
             input="3 4\n8\n2\n")
    assert "Referee table (2d6): 2 Sam Atan (DQ 14); 3 Myron Opia (DQ 12); 4-10 Stan Model (DQ 10)" in out.stderr
    assert "grid cell A1: roll 1d8; faces: 1 Technical, 2 Power" in out.stderr
    assert "7 Cheating, 8 roll again >" in out.stderr
    assert "Roll a d8; an 8 is rolled again (enter it, or just roll again)." in out.stderr
    assert "8 was rolled: roll the d8 again." in out.stderr  # the 8 is taken, and A1 asked again
    assert "expected a whole number" not in out.stderr
    a1, b1 = out.stderr.count("grid cell A1: roll 1d8"), out.stderr.count("grid cell B1: roll 1d8")
    assert (a1, b1) == (2, 1)  # the 2 was taken for A1
    saved = next(tmp_path.glob("matchmatch-entries-*.txt")).read_text()
    assert "8            # grid cell A1\n2            # grid cell A1\n" in saved


def _with_eights(record: MatchRecord) -> list[str]:
    """The record's answers with an 8 (rolled again) before every grid cell's face."""
    out: list[str] = []
    for e in record.events:
        if isinstance(e, Roll) and e.purpose.startswith("grid cell "):
            out.append("8")
        if isinstance(e, Roll):
            out.append(" ".join(map(str, e.faces)))
        elif isinstance(e, Choice) and e.by == "human":
            out.append(e.chosen)
    return out


def test_matchmatch_grid_cells_taken_as_d7_faces_or_d8_with_eights_play_the_same_match() -> None:
    """Entries made before the d8 (a d7 face a cell) still play the same match, and so do entries
    with 8s rolled again: at the prompt, resumed from a saved file, and as a dice script; the record
    logs each cell as the d7 it stands for, so records and their replays are unchanged."""
    from turnbuckle.core.replay import replay
    from turnbuckle.core.sources import ScriptedSource

    rs = get_ruleset("matchmatch")
    sides = ["friendly-sam", "iron-ivan"]
    record = seeded("matchmatch", sides, {"rounds": 3}, seed=7)
    cells = [e for e in record.events if isinstance(e, Roll) and e.purpose.startswith("grid cell ")]
    assert len(cells) == 9 and all(e.dice == "1d7" for e in cells)
    loaded = [resolve_side(rs, s) for s in sides]
    old = [t for a in answers(record) for t in a.split(" ")]
    new = [t for a in _with_eights(record) for t in a.split(" ")]
    assert len(new) == len(old) + 9
    for entries in (old, new):
        step = play_step(rs, loaded, entries, record.options)
        assert step.record is not None and list(step.entries) == entries
        assert step.record.to_json()["events"] == record.to_json()["events"]
        script = rs.run(loaded, ScriptedSource.from_values(entries), record.options)
        assert script.to_json()["events"] == record.to_json()["events"]
        assert replay(rs, step.record).identical
    out = tb("match", "matchmatch", *sides, "-o", "rounds=3", "--dice", "ask", "-f", "json",
             input="\n".join(_with_eights(record)) + "\n")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["events"] == record.to_json()["events"]


def test_matchmatch_grid_pad_has_eight_keys_the_eighth_rolled_again() -> None:
    """The keeper's pad comes from the same need: eight keys, the 8 marked 'roll again'."""
    from turnbuckle.web.keeper.pads import pad_for

    rs = get_ruleset("matchmatch")
    loaded = [resolve_side(rs, s) for s in ["friendly-sam", "iron-ivan"]]
    need = play_step(rs, loaded, [], {"rounds": 3}).need
    assert need is not None and need.purpose == "grid cell A1"
    pad = pad_for(need)
    assert pad is not None and [k.value for k in pad.keys] == [str(f) for f in range(1, 9)]
    assert pad.keys[6].small == "Cheating" and pad.keys[7].small == "roll again"
    again = play_step(rs, loaded, ["8"], {"rounds": 3}).need
    assert again is not None and again.purpose == "grid cell A1" and again.note.startswith("8 was rolled")


def test_matchmatch_seeded_match_is_unchanged_by_the_table_notes() -> None:
    """The notes are built only when a person is asked: a seeded match's record is the same
    with the notes' code in place (its golden logs are checked in tests/matchmatch)."""
    a = seeded("matchmatch", ["friendly-sam", "iron-ivan"], {"rounds": 4, "referee": "roll"}, seed=5)
    b = seeded("matchmatch", ["friendly-sam", "iron-ivan"], {"rounds": 4, "referee": "roll"}, seed=5)
    assert a.to_json() == b.to_json()
    assert not any("No d7" in json.dumps(e.to_json()) or "Referee table" in json.dumps(e.to_json())
                   for e in a.events)


def test_resume_prints_the_exact_command_and_checks_the_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    record = seeded("headlock", ["the-rhino", "amethyst-assassin"], {"turns": 3})
    typed = answers(record)
    args = ["match", "headlock", "the-rhino", "amethyst-assassin", "-o", "turns=3", "-f", "json"]
    out = tb(*args, "--player", "1=human", "--dice", "ask", input="\n".join(typed[:1]) + "\n")
    assert out.exit_code == 2
    saved = next(tmp_path.glob("headlock-entries-*.txt"))
    stop = out.stderr.split("turnbuckle: input ended; ", 1)[1]
    assert stop.startswith("the 1 entries so far are saved in ") and stop.count("\n") == 1  # one line
    command = stop.split("play on with: ", 1)[1].strip()
    assert command == (f"turnbuckle match headlock the-rhino amethyst-assassin -o turns=3 --player 1=human "
                       f"--format json --dice {saved.name} --resume")
    setup = json.loads(next(line for line in saved.read_text().splitlines() if line.startswith("# setup: "))[9:])
    sheets = setup.pop("sheets")  # a digest of each side's sheet, as loaded
    assert len(sheets) == 2 and all(len(s) == 16 for s in sheets)
    assert setup == {"ruleset": "headlock", "sides": ["the-rhino", "amethyst-assassin"], "options": {"turns": "3"},
                     "players": {"1": "human"}, "seed": None}
    # a forgotten --player and another option are refused, naming each difference
    out = tb("match", "headlock", "the-rhino", "amethyst-assassin", "-o", "turns=4", "--dice", saved.name, "--resume")
    assert out.exit_code == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "option turns: saved -o turns=3, now -o turns=4" in out.stderr
    assert "player 1: saved --player 1=human, now not given" in out.stderr
    # the printed command plays on from the saved entries
    out = tb(*command.split()[1:], input="")
    assert "Resuming from" in out.stderr and "1 entries played" in out.stderr
    assert "The Rhino move on" in out.stderr  # the human's pick, asked where the session stopped


@pytest.mark.parametrize(("flag", "a", "b"), [("--seed", "1", "2"), ("--dice", "ask", "x.txt"), ("--rounds", "2", "3")])
def test_a_single_valued_flag_given_twice_is_refused(flag: str, a: str, b: str) -> None:
    out = tb("match", "boxing", "slugger", "speedster", flag, a, flag, b)
    assert out.exit_code == 2
    assert out.stderr.strip().splitlines() == [f"turnbuckle: error: {flag} is given twice ('{a}' and '{b}'); keep one"
                                               if flag != "--seed" else
                                               f"turnbuckle: error: {flag} is given twice ({a} and {b}); keep one"]
    same = tb("match", "boxing", "slugger", "speedster", "--seed", "4", "--seed", "4", "--summary")
    assert same.exit_code == 0


@pytest.mark.parametrize(("game", "sides", "options", "seed", "said"), [
    ("folkstyle", ["cal-okafor", "tess-varga"], {}, 132, ["Quality: the move's base + this d6",
                                                          "scrambles: the scramble number is", "has a near fall"]),
    ("deathmatch", ["dread-trio", "crypt-guard"], {"max_rounds": 2}, 1, ["tie-break 1 of this round",
                                                                         "tie-break 4 of this round"]),
], ids=["folkstyle", "deathmatch"])
def test_the_terminal_shows_the_games_notes_above_the_prompt(game: str, sides: list[str], options: dict[str, object],
                                                             seed: int, said: list[str]) -> None:
    record = seeded(game, sides, options, seed=seed)
    args = [a for k, v in options.items() for a in ("-o", f"{k}={v}")]
    out = tb("match", game, *sides, *args, "--dice", "ask", "-f", "json", input="\n".join(answers(record)) + "\n")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["events"] == record.to_json()["events"]  # the notes change no record
    for words in said:
        assert words in out.stderr


def test_passing_the_device_at_a_terminal_waits_then_clears_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty:
        def __init__(self, lines: str = "") -> None:
            self.lines, self.written = lines.splitlines(keepends=True), ""

        def isatty(self) -> bool:
            return True

        def readline(self) -> str:
            return self.lines.pop(0) if self.lines else ""

        def write(self, text: str) -> int:
            self.written += text
            return len(text)

        def flush(self) -> None:
            pass

    stdin, stderr = Tty("\n"), Tty()
    monkeypatch.setattr("sys.stdin", stdin)
    monkeypatch.setattr("sys.stderr", stderr)
    table_play.hand_over("Wildcat Rosa")
    # cleared before the pause (nothing of the last player's turn shows while the device changes
    # hands), and again once the Enter was read
    before, said, cleared = stderr.written.split("\033[H\033[2J\033[3J")
    assert before == "" and said.startswith(">>> Pass the device to Wildcat Rosa. Wildcat Rosa: press Enter")
    assert cleared.startswith("Wildcat Rosa's turn") and not stdin.lines  # the Enter was read first


def test_boxing_knockdown_line_gives_the_speed_the_board_shows() -> None:
    """Seed 0: Lupe Ferreira, tired by 2 from round 1, is floored in round 2; the penalty takes
    Toughness, so his own Speed stays 8 while the Speed in force (the board's) is 6."""
    from turnbuckle.core.writeup import Line
    from turnbuckle.rulesets.boxing.table_view import board

    record = seeded("boxing", ["slugger", "speedster"], {"rounds": 6}, seed=0)
    rs = get_ruleset("boxing")
    lines = [b.text for b in rs.narrate(record).blocks if isinstance(b, Line) and "DOWN GOES" in b.text]
    downs = [(i, e) for i, e in enumerate(record.events) if isinstance(e, Happening) and e.type == "knockdown"]
    assert len(lines) == len(downs) >= 1
    for line, (i, e) in zip(lines, downs, strict=True):
        who = str(e.data["fighter"])
        shown = next(b for b in board(record.names, record.events[:i + 1], None) if b.startswith(who))
        in_force = shown.split("Speed ", 1)[1].split(",", 1)[0]
        own = e.data["speed"]
        said = f"Speed {own}." if str(own) == in_force else f"Speed {own} ({in_force} this round, after fatigue)."
        assert line.endswith(said), (line, shown)
    assert lines[0].endswith("Toughness 2, Speed 8 (6 this round, after fatigue).")


def test_folkstyle_roll_offs_say_what_they_decide_and_the_number_to_beat() -> None:
    record = seeded("folkstyle", ["cal-okafor", "tess-varga"], {}, seed=28)
    out = tb("match", "folkstyle", "cal-okafor", "tess-varga", "--dice", "ask", "-f", "json",
             input="\n".join(answers(record)) + "\n")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["events"] == record.to_json()["events"]  # the notes change no record
    assert "Roll-off: each rolls a d6 and the higher roll chooses Red or Green; a tie rolls again." in out.stderr
    assert ("Roll-off: each rolls a d6 and the higher roll chooses how period 2 starts (or defers that choice to "
            "the other), and the other chooses how period 3 starts; a tie rolls again. So far: Red rolled") \
        in out.stderr


def test_folkstyle_board_counts_stalling_calls_and_the_riding_time_tally() -> None:
    from turnbuckle.rulesets.folkstyle.table_view import board

    checked = 0
    for seed in range(1, 30):
        record = seeded("folkstyle", ["cal-okafor", "tess-varga"], {}, seed=seed)
        events = record.events
        for i, e in enumerate(events):
            if not isinstance(e, Happening) or e.type != "riding_time":
                continue
            lines = board(record.names, events[:i], None)
            turns: list[Any] = [t.data["stalling"] for t in events[:i] if isinstance(t, Happening) and t.type == "turn"]
            calls = [c["colour"] for stalling in turns for c in stalling]
            assert f"Stalling calls: Red {calls.count('Red')}, Green {calls.count('Green')} " \
                   "(every second call on a wrestler gives the other a point)" in lines
            top: Any = e.data["top_turns"]
            assert f"Riding time (turns on top): Red {top['Red']}, Green {top['Green']}; 2 or more ahead after " \
                   "period 3 scores 1 point" in lines
            checked += 1 if calls else 0
    assert checked >= 1  # a bout with stalling calls among them


def test_a_die_rolled_for_another_is_asked_as_that_die_by_every_source() -> None:
    """A d7 rolled on a d8: the asking source and a script take an 8 as rolled again; the roll is
    logged as the d7; a seeded source rolls the d7 itself."""
    from turnbuckle.core.sources import AskingSource, ScriptedSource, SeededSource
    from turnbuckle.core.table import Table

    typed = iter(["8", "3"])
    told: list[str] = []
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    roll = Table(AskingSource(ask, told.append)).roll(1, 7, "cell", meaning=[str(i) for i in range(7)], die=8)
    assert (roll.dice, roll.faces) == ("1d7", (3,)) and told == ["  8 rolls again: roll again"]
    assert prompts[0].startswith("cell: roll 1d8 (") and "8 roll again" in prompts[0]
    script = Table(ScriptedSource.from_values([8, 8, 7]))
    assert script.roll(1, 7, "cell", die=8).faces == (7,) and script.source.remaining == 0  # type: ignore[attr-defined]
    seeded_faces = [Table(SeededSource(s)).roll(1, 7, "cell", die=8).faces for s in range(3)]
    assert seeded_faces == [Table(SeededSource(s)).roll(1, 7, "cell").faces for s in range(3)]
