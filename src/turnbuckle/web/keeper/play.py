"""The score keeper's moves: enter an answer, have the server roll or draw it, take one back.

Each move replays the entries so far through :func:`turnbuckle.core.step.play_step` (the same
function the command line's table mode uses), so the rules live in the engines alone. A bad answer
leaves the entries as they were and says what is allowed, next to the answer field.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from turnbuckle.core.cards import standard_deck
from turnbuckle.core.entries import Need, answer_tokens
from turnbuckle.core.errors import EntryError, RulesError
from turnbuckle.core.rng import SplitMix64
from turnbuckle.core.step import Step, play_step
from turnbuckle.web.keeper.form import FormProblems, KeeperForm, Loaded

log = logging.getLogger(__name__)
ACTIONS = ("start", "enter", "roll", "undo")
_RULE = re.compile(r"-+(?: +-+)+")


@dataclass
class Turn:
    """What the play page shows: the step, the form to carry on, a problem with the answer
    (``error``, kept with the ``answer`` as typed) and a line about what the server did (``notice``)."""

    step: Step
    form: KeeperForm
    error: str = ""
    notice: str = ""
    answer: str = ""
    #: What this move added, shown right under the board: the answer as entered (``entered``)
    #: and the narration lines it made (``last``).
    entered: str = ""
    last: tuple[str, ...] = ()
    #: The page was behind the match (reached by Back) or did not add up: nothing was done.
    refused: bool = False
    #: The side the device passes to, where another side now holds a secret (a card and a pick made
    #: in secret): the page covers the board and the ask until that player taps to show them.
    handed: str = ""
    #: The match's setup as loaded for this move (sides, options, players), kept for the page's
    #: engine JSON so that the sides are not read twice a request; None where not kept.
    loaded: Loaded | None = None


def replay(game: Loaded, entries: list[str], narrate: bool = True) -> Step:
    """The step after ``entries``. A side the rules refuse (an army over the cap, say) is a
    FormProblems for the sides; a bad entry is the EntryError itself."""
    try:
        return play_step(game.rs, game.sides, entries, game.options, game.players, narrate=narrate)
    except EntryError:
        raise
    except RulesError as exc:
        raise FormProblems({"sides": str(exc)}) from None


def resume(game: Loaded, form: KeeperForm) -> Turn:
    """The match after the form's entries. Entries that no longer replay (the hidden field was
    edited by hand) are left out from the answer that holds the first bad one, and the page says so."""
    try:
        return Turn(replay(game, form.entries), form)
    except EntryError as exc:
        kept: list[list[str]] = []
        count = 0
        for group in form.groups:
            if count + len(group) >= exc.index:
                break
            kept.append(group)
            count += len(group)
        dropped = " ".join(e for g in form.groups[len(kept):] for e in g)
        form.keep(len(kept))
        return Turn(replay(game, form.entries), form,
                    error=f"the entries so far stop at {exc}; left out from there: {dropped[:200]}")


def move(game: Loaded, form: KeeperForm, action: str, answer: str, seeds: Callable[[], int]) -> Turn:
    """Play one move of the keeper on the match so far. A page that is behind the match (Back)
    or whose answers do not add up changes nothing and says why (``refused``)."""
    if action == "start" and not form.match:
        form.match = secrets.token_hex(8)
    turn = resume(game, form)
    if turn.error:
        return turn
    if action == "start":
        turn.last = turn.step.narration[-6:]
        return turn
    problem = behind(form)
    if problem:
        turn.error, turn.refused = problem, True
        return turn
    step = turn.step
    if action == "undo":
        if not form.groups:
            turn.error = "nothing to take back yet"
            return turn
        form.pop()
        back = replay(game, form.entries)
        owner = back.need.side if back.need is not None else None
        if step.others_secret and owner and step.need is not None and step.need.side and owner != step.need.side:
            # another side's secret answer (a Headlock card and pick): not shown to the player who
            # holds the device, and the board stays covered until its owner taps
            return Turn(back, form, notice=f"Took back {owner}'s last answer (not shown: {owner}'s secret)",
                        handed=owner)
        purpose = back.need.purpose if back.need is not None else "the last answer"
        return Turn(back, form, notice=f"Took back the answer to: {purpose}")
    if step.need is None:
        turn.error = "the match is over: download the record, or take back the last answer"
        return turn
    need = step.need
    notice = ""
    seed: int | None = None
    try:
        if action == "roll":
            seed = seeds()
            tokens = chance_for(game, form.entries, need, seed)
            notice = f"Rolled for you: {' '.join(tokens)} (seed {seed})" if need.kind == "roll" else \
                f"Drew a card for you (seed {seed})"
            log.info("score keeper, %s, %s: %s with seed %d", game.rs.info.id, need.purpose,
                     "rolled " + " ".join(tokens) if need.kind == "roll" else "drew a card", seed)
        elif action == "enter":
            tokens = answer_tokens(need, answer)
            if not tokens:
                raise RulesError(f"enter {need.allowed()}")
            if len(tokens) > need.wanted:
                raise RulesError(f"{len(tokens)} faces given, but this roll needs {need.wanted} more")
        else:
            raise RulesError(f"unknown action '{action[:20]}'; use one of the buttons")
        n = len(form.entries)
        nxt = replay(game, [*form.entries, *tokens])
    except EntryError as exc:
        return Turn(step, form, error=exc.reason, answer=answer)
    except FormProblems:
        raise
    except RulesError as exc:
        return Turn(step, form, error=str(exc), answer=answer)
    form.push(list(nxt.entries[n:]), seed)
    entered = " ".join(nxt.entries[n:])
    added = nxt.narration[len(step.narration):] if len(nxt.narration) >= len(step.narration) else ()
    side = nxt.need.side if nxt.need is not None else None
    handed = side if side and side != need.side and nxt.others_secret else ""
    said = f"{need.purpose}: {entered}" if not handed else f"{need.side}'s answer (kept from {handed} until the reveal)"
    return Turn(nxt, form, notice=notice, entered=said, last=before_tables(added), handed=handed or "")


def before_tables(lines: tuple[str, ...]) -> tuple[str, ...]:
    """The lines up to the first text table (its caption, header and ``----  ---`` rule): a
    finished match's tables are shown once, laid out for a phone, in the page's history."""
    for i, line in enumerate(lines):
        if _RULE.fullmatch(line) and i >= 2:
            kept = lines[: i - 2]
            while kept and not kept[-1].strip():
                kept = kept[:-1]
            return kept
    return lines


def behind(form: KeeperForm) -> str:
    """Why the posting page may not move the match ('' when it may): its answers are not the
    ones it counted, or this tab has shown the match further on (the page was reached by Back)."""
    held = len(form.groups)
    if form.count is not None and form.count != held:
        return (f"this page counts {form.count} answers but holds {held}: nothing was changed. "
                "Go Forward to the match's latest page.")
    if form.elsewhere and form.count is not None and form.latest is not None and \
            (form.latest != form.count or (form.newest and form.newest != form.stamp)):
        return (f"another tab moved this match on (it holds {form.latest} answer{'' if form.latest == 1 else 's'} "
                "there): nothing was changed here. Show where the match stands to carry on from there.")
    if form.count is not None and form.latest is not None and form.latest > form.count:
        later = form.latest - form.count
        return (f"this page is from before your last {later} answer{'s' if later > 1 else ''} (you went "
                "Back): nothing was changed. Go Forward to carry on, or tap 'Carry on from here' to take "
                f"{'those answers' if later > 1 else 'that answer'} back.")
    if form.newest and form.newest != form.stamp:
        return ("this page is from before answers were taken back or changed (you went Back): nothing was "
                "changed. Go Forward to carry on, or tap 'Carry on from here' to play on from this page.")
    return ""


def chance_for(game: Loaded, entries: list[str], need: Need, seed: int) -> list[str]:
    """The faces (or the card) the server picks for ``need`` from its own generator seeded with
    ``seed``. A card is drawn by trying the 52 codes in a seeded order until the match takes one:
    only the engine knows which cards are still in the pile."""
    rng = SplitMix64(seed)
    if need.kind == "roll":
        return [str(1 + rng.below(need.sides)) for _ in range(need.wanted)]
    if need.kind != "card":
        raise RulesError("a choice is the player's own: pick one of the options")
    deck = [c.code for c in standard_deck()]
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for code in deck:
        try:
            replay(game, [*entries, code], narrate=False)
        except EntryError:
            continue
        return [code]
    raise RulesError(f"no card is left to draw for '{need.purpose}'")


def false_seeds(game: Loaded, form: KeeperForm) -> list[str]:
    """The answers whose seed ("roll for me") does not give them: the server rolls or draws from the
    seed again at the same point of the match and compares (one line each; none when every seed
    holds). The seeds ride in the page's form, so an edited page could otherwise claim that the
    server rolled an answer someone typed."""
    problems: list[str] = []
    entries: list[str] = []
    for i, (group, seed) in enumerate(zip(form.groups, form.seeds, strict=True), 1):
        if seed is not None:
            need = replay(game, entries, narrate=False).need
            if seed >= 1 << 64 or need is None or need.kind == "choice" or \
                    chance_for(game, entries, need, seed) != group:
                problems.append(f"answer {i} ({' '.join(group)[:40]}) was not rolled from the seed the page names "
                                f"({str(seed)[:24]}): the page was edited; take the answer back and enter it again")
        entries.extend(group)
    return problems
