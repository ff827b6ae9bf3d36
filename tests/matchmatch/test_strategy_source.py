"""A strategy document is made plain once and its layout recognised once on its way to its reader
(``side.recognise_strategy``): each later step takes the recognised source as it is."""

from __future__ import annotations

import pytest

from turnbuckle.rulesets.matchmatch import side, textlayout, wording
from turnbuckle.rulesets.matchmatch.side import StrategySource, load_strategy_document, recognise_strategy
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text
from turnbuckle.rulesets.matchmatch.wording import Plain

SHEET = "Friendly Sam\nStamina:12\nTechnical:3\tPower:2\n"
STRATEGY = ("Strategy: +High Flying +Technical \u2013Brawl, Grid B\nRound\tTarget\tType\tNotes\n"
            "1\tStam\tHigh Spot\tUp.\n")


def test_a_sheet_and_its_strategy_are_made_plain_once_and_sniffed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made_plain: list[str] = []
    sniffed: list[object] = []
    real_plain, real_sniff = wording.plain, textlayout.looks_like_text_sheet

    def counted_plain(text: str) -> str:
        made_plain.append(text)
        return real_plain(text)

    def counted_sniff(text: str | Plain) -> bool:
        sniffed.append(text)
        return real_sniff(text)

    monkeypatch.setattr(wording, "plain", counted_plain)
    monkeypatch.setattr(side, "looks_like_text_sheet", counted_sniff)
    plan = load_strategy_document(SHEET + STRATEGY, "strategy")
    assert made_plain == [SHEET + STRATEGY] and len(sniffed) == 1
    assert format_strategy_text(plan).startswith("Strategy:+High Flying +Technical -Brawling, Grid B")


def test_the_recognised_source_says_its_layout_and_where_its_text_starts() -> None:
    source = recognise_strategy(SHEET + STRATEGY, "strategy")
    assert source == StrategySource("text", Plain(STRATEGY.replace("\u2013", "-")), first_line=4)
    structured = recognise_strategy("plus: [Power, Technical]\nminus: Brawling\n", "strategy")
    assert structured.layout == "structured"
    assert structured.data == {"plus": ["Power", "Technical"], "minus": "Brawling"}
    assert load_strategy_document(source, "strategy") == load_strategy_document(SHEET + STRATEGY, "strategy")
    assert Plain.of(source.text) is source.text  # already plain: taken as it is
