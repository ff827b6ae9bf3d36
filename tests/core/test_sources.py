import pytest

from turnbuckle.core.cards import Card, parse_card, standard_deck
from turnbuckle.core.errors import InputFileError, RulesError, ScriptError
from turnbuckle.core.sources import AskingSource, Request, ScriptedSource, SeededSource, parse_script
from turnbuckle.core.table import Table


def test_seeded_source_replays_exactly() -> None:
    def faces(seed: int) -> list[tuple[int, ...]]:
        s = SeededSource(seed)
        return [s.roll(2, 6, Request("x")) for _ in range(20)]

    assert faces(5) == faces(5)
    assert faces(5) != faces(6)
    assert all(1 <= f <= 6 for pair in faces(5) for f in pair)


def test_seed_out_of_range_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="seed -1 is out of range"):
        SeededSource(-1)


def test_seeded_source_cannot_make_a_human_choice() -> None:
    with pytest.raises(RulesError, match="human player's choice, and seeded dice cannot make it"):
        SeededSource(1).choose(["a", "b"], Request("Red period choice"))


def test_script_tokens_comments_and_separators() -> None:
    toks = parse_script("3 5, 6 # a comment 9\n\n QH;top\n")
    assert [t.text for t in toks] == ["3", "5", "6", "QH", "top"]
    assert [t.line for t in toks] == [1, 1, 1, 3, 3]
    assert [t.index for t in toks] == [1, 2, 3, 4, 5]


def test_script_rejects_an_impossible_face_naming_position_and_purpose() -> None:
    src = ScriptedSource.from_text("4\n3 7\n")
    src.roll(1, 6, Request("Red punch"))
    with pytest.raises(ScriptError) as err:
        src.roll(2, 6, Request("Red attack"))
    msg = str(err.value)
    assert "token 3 (line 2)" in msg
    assert "expected a d6 face 1-6 for 'Red attack 2d6' (die 2 of 2)" in msg
    assert "got '7'" in msg


def test_exhausted_script_says_what_was_needed() -> None:
    src = ScriptedSource.from_values([2])
    with pytest.raises(ScriptError, match=r"ran out after 1 tokens: needed a d12 face 1-12 for 'Blue initiative"):
        src.roll(2, 12, Request("Blue initiative"))


def test_script_cards_must_be_in_the_pile() -> None:
    pile = standard_deck()
    src = ScriptedSource.from_values(["qh", "QH", "ZZ"])
    table = Table(src)
    assert table.draw(pile, "Red draw", "Red") == Card("Q", "H")
    assert Card("Q", "H") not in pile
    with pytest.raises(ScriptError, match="QH is not in the pile"):
        table.draw(pile, "Red draw", "Red")
    with pytest.raises(ScriptError, match=r"expected a card .* got 'ZZ'"):
        table.draw(pile, "Red draw", "Red")


def test_script_choice_is_case_insensitive_and_checked() -> None:
    src = ScriptedSource.from_values(["TOP", "sideways"])
    assert src.choose(["top", "bottom"], Request("Red period 2")) == "top"
    with pytest.raises(ScriptError, match="expected one of top/bottom"):
        src.choose(["top", "bottom"], Request("Red period 2"))


def test_missing_script_file_is_an_input_error() -> None:
    with pytest.raises(InputFileError, match="not found"):
        ScriptedSource.from_file("/nonexistent/dice.txt")


def test_table_logs_rolls_draws_and_choices() -> None:
    table = Table(ScriptedSource.from_values([6, 1, "AC", "left"]))
    roll = table.roll(2, 6, "Red punch", "Red")
    assert (roll.dice, roll.faces, roll.total) == ("2d6", (6, 1), 7)
    table.draw(standard_deck(), "Red draw", "Red")
    table.choose(["left", "right"], "Red way", "Red", automatic=None)
    table.choose(["left", "right"], "Blue way", "Blue", automatic=lambda: "right", by="solo")
    kinds = [e.to_json() for e in table.log.events]
    assert kinds[0] == {"type": "roll", "purpose": "Red punch", "dice": "2d6", "faces": [6, 1], "total": 7,
                        "side": "Red"}
    assert kinds[1] == {"type": "draw", "purpose": "Red draw", "card": "AC", "side": "Red"}
    assert kinds[2]["chosen"] == "left" and kinds[2]["by"] == "script"
    assert kinds[3]["chosen"] == "right" and kinds[3]["by"] == "solo"


def test_asking_source_reprompts_until_an_answer_fits() -> None:
    answers = iter(["7 2", "three", "3 5"])
    told: list[str] = []
    src = AskingSource(lambda prompt: next(answers), told.append)
    assert src.roll(2, 6, Request("Red punch")) == (3, 5)
    assert len(told) == 2 and "enter 2 number(s) from 1 to 6" in told[0]


def test_asking_source_cards_and_choices() -> None:
    answers = iter(["10s", "Bottom"])
    src = AskingSource(lambda prompt: next(answers), lambda m: None)
    assert src.card(standard_deck(), Request("Red draw")) == Card("10", "S")
    assert src.choose(["top", "bottom"], Request("Red choice")) == "bottom"


def test_asking_source_end_of_input_and_too_many_tries() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    with pytest.raises(ScriptError, match="input ended"):
        AskingSource(eof, lambda m: None).roll(1, 6, Request("Red punch"))
    with pytest.raises(ScriptError, match="no valid answer after 3 tries"):
        AskingSource(lambda p: "x", lambda m: None, tries=3).roll(1, 6, Request("Red punch"))


@pytest.mark.parametrize(("code", "name"), [("AC", "Ace of Clubs"), ("10s", "10 of Spades"), ("TD", "10 of Diamonds"),
                                            ("kh", "King of Hearts")])
def test_card_codes(code: str, name: str) -> None:
    assert parse_card(code).name == name


@pytest.mark.parametrize("bad", ["", "Q", "QX", "11H", "ZZ"])
def test_bad_card_codes(bad: str) -> None:
    with pytest.raises(RulesError, match="card code"):
        parse_card(bad)


def test_a_bad_card_typed_at_the_prompt_is_quoted_without_its_newline() -> None:
    with pytest.raises(RulesError) as caught:
        parse_card("ZZ\n")
    assert str(caught.value).startswith("'ZZ' is not a card code")
    told: list[str] = []
    answers = iter(["ZZ\n", "QH\n"])
    card = AskingSource(lambda prompt: next(answers), told.append).card(standard_deck(), Request("Red draws"))
    assert card.code == "QH"
    assert told == ["  'ZZ' is not a card code; ranks are A 2-10 J Q K and suits C D H S, e.g. QH, 10S, AC; "
                    "try again"]


def test_standard_deck_has_52_distinct_cards_and_12_faces() -> None:
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert sum(c.is_face for c in deck) == 12


@pytest.mark.parametrize("token", ["²", "٣", "+3", "3.0", "0", "7", "0000000000001"])
def test_only_plain_ascii_faces_count(token: str) -> None:
    with pytest.raises(ScriptError, match="expected a d6 face 1-6"):
        ScriptedSource.from_values([token]).roll(1, 6, Request("Red punch"))


def test_leading_zero_faces_are_still_faces() -> None:
    assert ScriptedSource.from_values(["06"]).roll(1, 6, Request("Red punch")) == (6,)


def test_asking_source_rejects_non_ascii_digits_and_asks_again() -> None:
    answers = iter(["² 3", "2 3"])
    told: list[str] = []
    assert AskingSource(lambda p: next(answers), told.append).roll(2, 6, Request("Red punch")) == (2, 3)
    assert len(told) == 1


def test_asking_source_says_what_each_face_means_when_a_die_picks_from_a_list() -> None:
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "2"

    roll = Table(AskingSource(ask, lambda m: None)).roll(1, 4, "throw", meaning=("rock", "paper", "scissors"))
    assert roll.total == 2
    assert prompts == ["throw: roll 1d4 (1 rock, 2 paper, 3 scissors, 4 roll again) and enter the face(s): "]


def test_a_script_choice_may_use_hyphens_for_underscores() -> None:
    source = ScriptedSource.from_values(["High-Spot", "TOP"])
    assert source.choose(["normal", "high_spot"], Request("Red round 1 type")) == "high_spot"
    assert source.choose(["Top", "Bottom"], Request("Red start")) == "Top"
