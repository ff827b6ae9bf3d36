"""Step-by-step play: every game played to the end one entry at a time gives the record of the
same match played in one go; bad entries are typed errors; another side's secrets stay hidden."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from turnbuckle.core.entries import Need
from turnbuckle.core.errors import EntryError, RulesError
from turnbuckle.core.events import Choice, Draw, Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.sources import Request, SeededSource, word_key
from turnbuckle.core.step import Step, play_step
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

RULESETS = all_rulesets()
IDS = [rs.info.id for rs in RULESETS]


def samples(rs: Ruleset[Any]) -> dict[str, Any]:
    return {s.id: rs.load_text(s.text, s.id) for s in rs.samples()}


#: Each game's lineups: singles, and tag or more sides where the game has them. Deathmatch uses
#: its smaller armies so that replaying every prefix stays quick.
LINEUPS: dict[str, list[list[str]]] = {
    "boxing": [["slugger", "speedster"]],
    "deathmatch": [["dread-trio", "crypt-guard"], ["dread-trio", "crypt-guard", "dread-trio"]],
    "folkstyle": [["cal-okafor", "tess-varga"]],
    "headlock": [["the-rhino", "amethyst-assassin"],
                 ["the-rhino", "amethyst-assassin", "wildcat-rosa", "zeke-granite"]],
    "matchmatch": [["friendly-sam", "iron-ivan"], ["odd-couple", "odd-couple"],
                   ["friendly-sam", "iron-ivan", "lady-lightning"]],
}
#: A round limit keeps Deathmatch's entries few (each step replays all of them); a draw is an end too.
OPTIONS: dict[str, dict[str, object]] = {"deathmatch": {"max_rounds": 3}}
CASES = [(rs, lineup) for rs in RULESETS for lineup in LINEUPS[rs.info.id]]
CASE_IDS = [f"{rs.info.id}-{len(lineup)}-{lineup[0]}" for rs, lineup in CASES]


def entries_of(record: MatchRecord) -> list[str]:
    """What a score keeper entered: every face, every card, every choice a person made."""
    out: list[str] = []
    for e in record.events:
        if isinstance(e, Roll):
            out += [str(f) for f in e.faces]
        elif isinstance(e, Draw):
            out.append(e.card)
        elif isinstance(e, Choice) and e.by == "human":
            out.append(e.chosen)
    return out


def feed(rs: Ruleset[Any], sides: Sequence[Any], entries: Sequence[str], players: dict[int, str] | None = None,
         options: dict[str, object] | None = None) -> Step:
    """Play ``entries`` one at a time through ``play_step``, checking each step asks for what comes
    next and that the narration only grows (what an entry made happen is added at the end)."""
    given: list[str] = []
    told: tuple[str, ...] = ()
    boards = 0
    for k in range(len(entries) + 1):
        step = play_step(rs, sides, given, options, players)
        assert step.narration[:len(told)] == told, f"entry {k} rewrote the narration"
        told = step.narration
        if step.done:
            assert k == len(entries), f"the match ended after {k} of {len(entries)} entries"
            assert boards > k // 2, "a player at the table should see the board at most prompts"
            return step
        boards += bool(step.seen and step.seen.board)
        assert step.need is not None and k < len(entries), f"the match still needs {step.need}"
        given.append(entries[k])
    raise AssertionError("unreachable")


@pytest.mark.parametrize(("rs", "lineup"), CASES, ids=CASE_IDS)
def test_every_game_played_entry_by_entry_gives_the_seeded_record(rs: Ruleset[Any], lineup: list[str]) -> None:
    sheets = samples(rs)
    sides = [sheets[s] for s in lineup]
    options = OPTIONS.get(rs.info.id, {})
    seeded = rs.run(sides, SeededSource(41), options)
    step = feed(rs, sides, entries_of(seeded), None, options)
    assert step.record is not None
    assert step.record.to_json()["events"] == seeded.to_json()["events"]
    assert step.record.result == seeded.result
    assert step.record.dice == "ask"


class PickingSource(SeededSource):
    """Seeded dice and cards, and seeded picks among the options: a person who chooses at random."""

    kind = "ask"
    gives_choices = True

    def choose(self, options: Sequence[str], request: Request) -> str:
        return options[self.below(len(options))]


HUMANS: dict[str, list[tuple[list[str], dict[int, str]]]] = {
    "deathmatch": [(["dread-trio", "crypt-guard"], {0: "human", 1: "human"})],
    "folkstyle": [(["cal-okafor", "tess-varga"], {0: "human", 1: "human"})],
    "headlock": [(["the-rhino", "amethyst-assassin"], {0: "human", 1: "solo"}),
                 (["the-rhino", "amethyst-assassin", "wildcat-rosa", "zeke-granite"],
                  {0: "human", 1: "human", 2: "human", 3: "smart"})],
    "matchmatch": [(["friendly-sam", "iron-ivan"], {0: "human", 1: "human"})],
}
HUMAN_CASES = [(get_ruleset(g), lineup, players) for g, cases in HUMANS.items() for lineup, players in cases]


@pytest.mark.parametrize(("rs", "lineup", "players"), HUMAN_CASES,
                         ids=[f"{rs.info.id}-{len(lu)}" for rs, lu, _ in HUMAN_CASES])
def test_human_choices_entered_one_at_a_time_give_the_same_match(
        rs: Ruleset[Any], lineup: list[str], players: dict[int, str]) -> None:
    sheets = samples(rs)
    sides = [sheets[s] for s in lineup]
    options = {**OPTIONS.get(rs.info.id, {}), "tiebreak": "rps"} if rs.info.id == "deathmatch" else {}
    played = rs.run(sides, PickingSource(12), options, players)
    entries = entries_of(played)
    assert any(isinstance(e, Choice) and e.by == "human" for e in played.events)
    step = feed(rs, sides, entries, players, options)
    assert step.record is not None
    assert step.record.to_json()["events"] == played.to_json()["events"]
    assert step.record.result == played.result


def test_undo_is_the_same_entries_minus_the_last() -> None:
    rs = get_ruleset("boxing")
    sheets = samples(rs)
    sides = [sheets["slugger"], sheets["speedster"]]
    entries = entries_of(rs.run(sides, SeededSource(3)))[:9]
    before = play_step(rs, sides, entries[:8])
    play_step(rs, sides, entries)
    assert play_step(rs, sides, entries[:8]) == before


def test_a_step_is_plain_json_and_names_the_side_that_is_asked() -> None:
    rs = get_ruleset("boxing")
    sheets = samples(rs)
    step = play_step(rs, [sheets["slugger"], sheets["speedster"]], ["3"])
    assert step.need == Need("roll", "Dutch Kessler initiative", "Dutch Kessler", count=2, sides=12, given=(3,))
    assert step.side == 0
    data = json.loads(json.dumps(step.to_json()))
    assert data["need"]["given"] == [3] and data["done"] is False and data["record"] is None
    board = data["seen"]["board"]
    assert board[0] == "Round 1 of 12"
    assert board[1].startswith("Dutch Kessler: HP 40, Speed ") and board[2].startswith("Lupe Ferreira: HP 40")
    assert any("Round 1" in line for line in data["narration"])


def test_entries_are_stored_as_a_script_holds_them() -> None:
    rs = get_ruleset("headlock")
    sheets = samples(rs)
    step = play_step(rs, [sheets["the-rhino"], sheets["amethyst-assassin"]], ["10c", "qh"])
    assert step.entries == ("10C", "QH")
    assert word_key("High Spot") == word_key("high-spot") == "high_spot"
    need = Need("choice", "Red round 1 type", "Red", options=("normal", "high_spot"))
    assert need.accept(" High Spot ") == "high_spot"
    assert Need("roll", "x", count=1, sides=6).accept("05") == "5"


def test_a_face_above_the_die_is_refused() -> None:
    rs = get_ruleset("boxing")
    sheets = samples(rs)
    with pytest.raises(EntryError, match=r"entry 1 '13': expected a whole number from 1 to 12 for "
                                         r"'Dutch Kessler initiative' \(2d12\)") as caught:
        play_step(rs, [sheets["slugger"], sheets["speedster"]], ["13"])
    assert (caught.value.index, caught.value.text) == (1, "13")


def test_unknown_card_card_not_in_pile_and_choice_not_offered() -> None:
    rs = get_ruleset("headlock")
    sheets = samples(rs)
    sides = [sheets["the-rhino"], sheets["amethyst-assassin"]]
    with pytest.raises(EntryError, match=r"entry 1 'ZZ': expected a card code: rank A, 2-10, J, Q or K"):
        play_step(rs, sides, ["ZZ"])
    with pytest.raises(EntryError, match=r"entry 2 '10C': 10C is not in the pile"):
        play_step(rs, sides, ["10C", "10C"], {"deck": "split"})
    human = {0: "human", 1: "human"}
    step = play_step(rs, sides, ["5H"], None, human)
    assert step.need is not None and step.need.kind == "choice"
    listing = ", ".join(f"{o} \\({label}\\)" for o, label in zip(step.need.options, step.need.labels, strict=True))
    with pytest.raises(EntryError, match=r"entry 2 'x9': expected one of " + listing):
        play_step(rs, sides, ["5H", "x9"], None, human)


def test_an_entry_after_the_match_is_over_is_refused() -> None:
    rs = get_ruleset("boxing")
    sheets = samples(rs)
    sides = [sheets["slugger"], sheets["speedster"]]
    entries = entries_of(rs.run(sides, SeededSource(9), {"rounds": 1}))
    assert play_step(rs, sides, entries, {"rounds": 1}).done
    with pytest.raises(EntryError, match=rf"entry {len(entries) + 1} '4': the match is over after entry "
                                         rf"{len(entries)}"):
        play_step(rs, sides, [*entries, "4"], {"rounds": 1})


def test_headlock_hides_the_other_wrestlers_card_and_move_until_the_reveal() -> None:
    rs = get_ruleset("headlock")
    sheets = samples(rs)
    sides = [sheets["the-rhino"], sheets["amethyst-assassin"]]
    human = {0: "human", 1: "human"}
    first = play_step(rs, sides, ["5H"], None, human)
    move = first.need.options[0] if first.need else ""
    step = play_step(rs, sides, ["5H", move], None, human)
    assert step.need is not None and step.need.side == "The Amethyst Assassin" and step.need.kind == "card"
    assert step.seen is not None
    text = json.dumps(step.seen.to_json())
    assert "5H" not in text and move not in {str(e.get("chosen")) for e in step.seen.events if isinstance(e, dict)}
    hidden = [e for e in step.seen.events if isinstance(e, dict) and e["type"] == "hidden"]
    assert hidden == [{"type": "hidden", "side": "The Rhino"}] * 2
    assert all("5H" not in line for line in step.narration)
    # the asking side's own card is on its board; after the reveal everyone sees both
    step = play_step(rs, sides, ["5H", move, "9S"], None, human)
    assert step.seen is not None and "The Amethyst Assassin's card: 9S (9 of Spades)" in step.seen.board
    assert "5H" not in json.dumps(step.seen.to_json())
    mine = play_step(rs, sides, ["5H"], None, human)
    assert mine.seen is not None and "The Rhino's card: 5H (5 of Hearts)" in mine.seen.board


def test_matchmatch_hides_the_other_sides_picks_until_the_dice_show_them() -> None:
    rs = get_ruleset("matchmatch")
    sheets = samples(rs)
    sides = [sheets["friendly-sam"], sheets["iron-ivan"]]
    human = {0: "human", 1: "human"}
    opts = {"grid": "Po Te Br / We MA HF / Br MA Ch", "referee": "none"}
    step = play_step(rs, sides, ["power", "brawling", "cheating", "a"], opts, human)
    assert step.need is not None and step.need.side == "Iron Ivan"
    assert step.seen is not None
    assert [e for e in step.seen.events if isinstance(e, dict) and e["type"] != "hidden"] == []
    assert len(step.seen.events) == 4
    # Friendly Sam sees his own picks
    own = play_step(rs, sides, ["power", "brawling", "cheating"], opts, human)
    assert own.seen is not None and sum(1 for e in own.seen.events if isinstance(e, dict)
                                        and e["type"] == "choice") == 3


def test_a_die_that_picks_from_a_list_says_what_each_face_means() -> None:
    need = Need("roll", "round 1 style", None, count=1, sides=8, faces=("Power", "Brawling", "Technical",
                                                                        "Weight", "High Flying", "Teamwork"))
    assert need.meanings() == ["1 Power", "2 Brawling", "3 Technical", "4 Weight", "5 High Flying",
                               "6 Teamwork", "7-8 roll again"]
    assert "faces: 1 Power" in need.describe()
    rs = get_ruleset("matchmatch")
    sheets = samples(rs)
    step = play_step(rs, [sheets["friendly-sam"], sheets["iron-ivan"]], [])
    assert step.need is not None and step.need.faces[:2] == ("Technical", "Power")


def test_matchmatch_board_counts_the_high_spots_a_side_has_left() -> None:
    rs = get_ruleset("matchmatch")
    sheets = samples(rs)
    sides = [sheets["friendly-sam"], sheets["iron-ivan"]]
    human = {0: "human", 1: "human"}
    opts = {"grid": "Po Te Br / We MA HF / Br MA Ch", "referee": "none"}
    entries = ["power", "brawling", "cheating", "a", "martial_arts", "high_flying", "weight", "2", "3",
               "High Spot", "stamina"]
    step = play_step(rs, sides, entries[:9], opts, human)
    assert step.seen is not None and "Friendly Sam has 3 High Spot(s) and 1 Special(s) left" in step.seen.board
    step = play_step(rs, sides, entries, opts, human)
    while step.need is not None and not step.need.purpose.startswith("Friendly Sam round 2"):
        need = step.need
        entries.append("2" if need.kind == "roll" else need.options[0])
        step = play_step(rs, sides, entries, opts, human)
    assert step.seen is not None and "Friendly Sam has 2 High Spot(s) and 1 Special(s) left" in step.seen.board


def test_an_entry_with_a_line_break_is_quoted_escaped_in_the_one_line_error() -> None:
    rs = get_ruleset("boxing")
    sheets = samples(rs)
    with pytest.raises(EntryError) as caught:
        play_step(rs, [sheets["slugger"], sheets["speedster"]], ["4\n5"])
    assert str(caught.value).startswith("entry 1 '4\\n5': expected a whole number from 1 to 12")
    assert "\n" not in str(caught.value)


def plain_entry(need: Need, entries: Sequence[str]) -> str:
    """A quick answer to walk a Deathmatch battle to a given prompt: a 1 on every die and the
    first option, except Deathmatch's tie flips, which alternate heads and tails so that a tie of
    three or more is settled at its first flip. (Heads for every figure is a tie again, up to
    FLIP_TRIES times, and each entry replays the whole match so far: that took half an hour.)"""
    if need.kind == "roll" and "tie flip" in need.purpose:
        return str(1 + len(entries) % 2)
    return "1" if need.kind == "roll" else need.options[0]


def test_a_move_or_a_target_may_be_given_by_its_name() -> None:
    rs = get_ruleset("headlock")
    sheets = samples(rs)
    sides = [sheets["the-rhino"], sheets["amethyst-assassin"]]
    human = {0: "human", 1: "human"}
    step = play_step(rs, sides, ["5H", "haymaker"], None, human)
    assert step.entries == ("5H", "s3")
    need = Need("choice", "A1 attacks", "A", options=("B1", "B2", "B3"), labels=("Bog Rat", "Bog Rat", "Ghoul"))
    assert need.accept("ghoul") == "B3" and need.accept("b2") == "B2"
    with pytest.raises(RulesError, match=r"expected one of B1 \(Bog Rat\), B2 \(Bog Rat\), B3 \(Ghoul\)"):
        need.accept("Bog Rat")  # two figures share the name: the tag decides
    dm = get_ruleset("deathmatch")
    dsheets = samples(dm)
    dsides = [dsheets["dread-trio"], dsheets["crypt-guard"]]
    entries: list[str] = []
    step = play_step(dm, dsides, entries, None, {0: "human"})
    while step.need is not None and step.need.kind != "choice":
        entries.append(plain_entry(step.need, entries))
        assert len(entries) < 200, "no target was asked for"
        step = play_step(dm, dsides, entries, None, {0: "human"})
    assert step.need is not None and step.need.labels
    labels = step.need.labels
    unique = [i for i, name in enumerate(labels) if labels.count(name) == 1]
    assert unique  # the crypt guard's warden is the only one of its kind
    tag, name = step.need.options[unique[0]], labels[unique[0]]
    assert play_step(dm, dsides, [*entries, name.upper()], None, {0: "human"}).entries[-1] == tag


def test_the_json_for_one_side_leaves_the_entries_out() -> None:
    rs = get_ruleset("headlock")
    sheets = samples(rs)
    step = play_step(rs, [sheets["the-rhino"], sheets["amethyst-assassin"]], ["5H", "s1"], None,
                     {0: "human", 1: "human"})
    assert step.to_json()["entries"] == ["5H", "s1"]
    private = step.to_json(entries=False)
    assert "entries" not in private and "5H" not in json.dumps(private)
    assert set(private) == {"done", "need", "side", "seen", "narration", "record"}


def test_deathmatch_hides_a_rock_paper_scissors_throw_until_the_other_is_made() -> None:
    rs = get_ruleset("deathmatch")
    sheets = samples(rs)
    sides = [sheets["dread-trio"], sheets["crypt-guard"]]
    human = {0: "human", 1: "human"}
    opts = {"tiebreak": "rps"}
    entries: list[str] = []
    step = play_step(rs, sides, entries, opts, human)
    while step.need is not None and "rock-paper-scissors" not in step.need.purpose:
        entries.append(plain_entry(step.need, entries))
        assert len(entries) < 200, "no rock-paper-scissors throw was asked for"
        step = play_step(rs, sides, entries, opts, human)
    assert step.need is not None
    first = step.need.side
    step = play_step(rs, sides, [*entries, "rock"], opts, human)
    assert step.need is not None and "rock-paper-scissors" in step.need.purpose and step.need.side != first
    assert step.seen is not None and step.seen.events[-1] == {"type": "hidden", "side": first}
    step = play_step(rs, sides, [*entries, "rock", "paper"], opts, human)
    assert step.seen is not None
    throws = [e for e in step.seen.events if isinstance(e, dict) and e["type"] == "choice"
              and e["options"] == ["rock", "paper", "scissors"]]
    assert [t["chosen"] for t in throws][-2:] == ["rock", "paper"]
