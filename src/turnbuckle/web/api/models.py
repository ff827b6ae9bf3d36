"""The JSON API's request and response bodies (pydantic), so /api/openapi.json describes them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError


class Problem(BaseModel):
    detail: str = Field(description="What is wrong, in one line.")


class StrategyProblem(BaseModel):
    problem: str = Field(description="The problem, as the refusal's detail words it.")
    line: int | None = Field(description="The strategy's line it was found on (from 1); null for none.")
    field: str | None = Field(description="The part of the strategy it is about, in the game's words "
                                          "('round 4', 'conditional 1', 'grid'); null for the whole strategy.")


class StrategyRefusal(Problem):
    problems: list[StrategyProblem] = Field(default_factory=list, description=(
        "The refusal's problems as data; a refusal of the sending itself (late, closed, the same text "
        "again) is one problem with no line or field."))


class MemberOut(BaseModel):
    id: int
    name: str
    role: str


class ShowSummary(BaseModel):
    number: int
    name: str
    date: str = Field(description="The show's date, YYYY-MM-DD.")
    status: str = Field(description="draft, open, locked, run, published or deleted.")
    deadline: datetime = Field(description="The strategy deadline (UTC).")
    deleted_at: datetime | None = Field(default=None, description="When the organiser deleted the show (UTC); "
                                        "a deleted show keeps its number, its card seed and nothing of its card.")


class CardSideOut(BaseModel):
    competitor_id: int
    name: str
    strategy_sent_at: datetime | None = Field(
        default=None, description="When its latest strategy was sent: for its owner and the organiser only "
                                  "(the text stays its owner's).")
    strategy_stale: bool | None = Field(
        default=None, description="Whether that strategy was sent before the organiser's last change to the "
                                  "match (check it and send it again); for its owner and the organiser only.")
    grid_pick: str = Field(description="The pick this side makes on the match's grid: 'column' (named first, "
                                       "A-C), 'row' (named second, 1-3) or 'none'.")


class CardMatchOut(BaseModel):
    position: int
    game: str
    options: dict[str, Any]
    referee: str | None
    referee_drawn: bool = Field(default=False, description="The referee was drawn from the card seed.")
    title: str | None
    grid: str | None = Field(default=None, description="MatchMatch: the grid, fixed when the show opened "
                                                       "('Po Te Br / We MA HF / Br MA Ch', rows 1-3 of columns A-C).")
    sides: list[CardSideOut]


class ShowOut(ShowSummary):
    card: list[CardMatchOut]
    card_seed: str | None = Field(description="Published when the card opens (draws the referees).")
    seed_sha256: str | None = Field(description="The hash of the show's seed, published at lock.")
    seed: str | None = Field(description="The show's seed, published with its results (to the organiser once run).")
    writeup: str = Field(description="The organiser's write-up, once the results are public.")


class ResultOut(BaseModel):
    position: int
    game: str
    sides: list[str]
    winner: str | None
    method: str
    summary: str


class CompetitorOut(BaseModel):
    id: int
    name: str
    game: str
    weight_class: str | None = Field(description="MatchMatch wrestlers only.")
    push_level: int | None
    wins: int
    losses: int
    draws: int
    titles: list[str] = Field(description="Titles it holds now.")


class ReignOut(BaseModel):
    title: str
    won_show: int = Field(description="The show it was won at.")
    lost_show: int | None = Field(description="The show it was lost at; null while it is held.")


class CompetitorDetail(CompetitorOut):
    owner: str | None = Field(description="Shown to its owner and the organiser only.")
    sheet: dict[str, Any] | None = Field(description="The sheet, whole, for its owner and the organiser; for anyone "
                                                     "else what the league makes public of it (every sheet under "
                                                     "the league's 'sheet' setting, else the sheet it played in its "
                                                     "latest published match), or null before then.")
    title_history: list[ReignOut] = Field(default_factory=list, description="Every title reign as the published "
                                          "shows left them, oldest first.")


class StrategyIn(BaseModel):
    """A strategy for one side: nothing else of the match can be sent (an unknown field is a 422,
    never silently dropped: the grid, referee and options are the organiser's)."""

    model_config = ConfigDict(extra="forbid")

    position: int = Field(ge=1, le=1000, description="The match's position on the card.")
    competitor_id: int = Field(ge=1, description="Your competitor in that match.")
    text: str = Field(min_length=1, max_length=50_000, description="The strategy in the rulebook's layout "
                                                                   "(no NUL characters).")

    @field_validator("text")
    @classmethod
    def _no_nul(cls, text: str) -> str:
        # a NUL cannot be stored in a PostgreSQL text column (it was a 500 there); no rulebook layout has one
        if "\x00" in text:
            raise PydanticCustomError("nul_character", "a strategy cannot contain a NUL character (\\x00)")
        return text


class SubmissionOut(BaseModel):
    show: int
    position: int
    competitor_id: int
    competitor: str
    sha256: str = Field(description="The hash the show's manifest will publish at lock.")
    submitted_at: datetime
    stale: bool = Field(default=False, description="Sent before the organiser's last change to its match: "
                                                   "check it and send it again.")
    text: str | None = Field(default=None, description="Only ever sent back to its owner.")


class NoticeOut(BaseModel):
    id: int
    show: int | None = Field(description="The show it is about, by number (None: no show).")
    text: str
    created_at: datetime
    read_at: datetime | None


class FactOut(BaseModel):
    label: str
    text: str


class OpponentOut(BaseModel):
    id: int
    name: str
    push_level: int | None
    injuries: int
    wins: int
    losses: int
    draws: int
    titles: list[str] = Field(description="Titles it holds as the published shows left them.")
    title_history: list[ReignOut] = Field(default_factory=list, description="Every title reign as the published "
                                          "shows left them, oldest first.")
    facts: list[FactOut] = Field(description="What its game makes public of it (a MatchMatch weight class).")
    sheet: dict[str, Any] | None = Field(description="Its sheet when public: by the league's setting, or as it "
                                                     "wrestled in its latest published show.")
    sheet_from: str = Field(description="'league setting', 'show N', or empty when the sheet is not public.")


class BriefingOut(BaseModel):
    """What your side is told for its match, as of the last published show."""

    show: int
    position: int
    game: str = Field(description="The game's name as its rulebook gives it, not its id (the card's and a "
                                  "competitor's ``game`` is the game's id).")
    competitor_id: int
    name: str
    deadline: str = Field(description="In the league's time zone.")
    open: bool = Field(description="Strategies are taken now.")
    grid: str = Field(description="The grid fixed when the show opened (empty: none).")
    grid_pick: str = Field(description="column, row or none: the pick this side makes on the grid.")
    push_level: int | None
    injuries: int = Field(description="Injury points carried in.")
    sheet: dict[str, Any] = Field(description="Your sheet as the match plays it (frozen when the show opened).")
    facts: list[FactOut] = Field(description="The game's facts of this match for your side (MatchMatch: referee, "
                                             "your DQ threshold, match type and what it changes, High Spots, "
                                             "Special rounds).")
    opponents: list[OpponentOut]
