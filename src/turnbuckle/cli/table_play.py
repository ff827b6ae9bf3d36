"""Table mode (``match --dice ask``, ``--dice FILE --resume``): the match shown as it goes, one
prompt per roll, card or choice, built on :func:`turnbuckle.core.step.play_step`.

Prompts, narration and the board go to stderr; the finished write-up (or record) to stdout. At a
prompt, ``undo`` takes back the last answer and ``help`` says what is asked. On end of input,
Ctrl-C or too many bad answers the entries so far are saved in the current folder, to play on with
``--dice FILE --resume``.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from turnbuckle.cli.table_setup import SETUP_MARK, check_resume, resume_command, with_sheets
from turnbuckle.core.entries import Need, answer_tokens
from turnbuckle.core.errors import Broken, EntryError, RulesError
from turnbuckle.core.inputs import read_input
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.sources import parse_script
from turnbuckle.core.step import Step, play_step

#: Bad answers in a row before the entries are saved and the command gives up.
TRIES = 10
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130


class Stopped(Exception):
    """The session stops before the match is over; ``code`` is the exit code, ``message`` the line."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass
class Session:
    """One table session: the entries so far, grouped by the answer that gave them (undo takes
    back a whole answer), with what each answered, and what has been shown."""

    rs: Ruleset[Any]
    sides: Sequence[Any]
    options: Mapping[str, object]
    players: Mapping[int, str]
    ask: Callable[[str], str]
    tell: Callable[[str], None]
    groups: list[tuple[list[str], str]] = field(default_factory=list)
    #: The match's setup, written into a saved file and checked on resume (see :func:`setup_of`),
    #: and the command that played it, printed with ``--dice FILE --resume`` when the session stops.
    setup: Mapping[str, Any] | None = None
    command: Sequence[str] = ()
    #: Called with a side's name when the device passes to that side while another side holds a
    #: secret (Headlock's cards and moves): clears the screen after a pause (see :func:`hand_over`).
    pause: Callable[[str], None] | None = None
    shown: tuple[str, ...] = ()
    board: tuple[str, ...] = ()
    note: str = ""
    asker: str | None = None
    #: Set when an undo took back another side's secret answer: the device goes back to that side.
    hand_back: bool = False

    @property
    def entries(self) -> list[str]:
        return [e for tokens, _ in self.groups for e in tokens]

    def step(self, entries: Sequence[str]) -> Step:
        return play_step(self.rs, self.sides, entries, self.options, self.players)

    def show(self, step: Step) -> None:
        """The narration that is new since the last step (nothing after an undo)."""
        common = 0
        while common < min(len(self.shown), len(step.narration)) and \
                self.shown[common] == step.narration[common]:
            common += 1
        for line in step.narration[common:]:
            self.tell(line)
        self.shown = step.narration

    def prompt(self, step: Step) -> str:
        need = step.need
        if need is None:  # a step that is not done has both
            raise Broken("expected need is not None")
        if step.seen is None:
            raise Broken("expected step.seen is not None")
        if self.pause is not None and need.side and self.asker and need.side != self.asker and \
                (step.others_secret or self.hand_back):
            self.pause(need.side)
            self.board, self.note = (), ""  # shown again on the cleared screen
        self.hand_back = False
        if need.side:
            self.asker = need.side
        board = step.seen.board
        if board and board != self.board:
            self.tell("")
            for line in board:
                self.tell(f"  | {line}")
        self.board = board
        if need.note and need.note != self.note:
            self.tell(f"  {need.note}")
        self.note = need.note
        who = f"[{need.side}] " if need.side and not need.purpose.startswith(need.side) else ""
        return f"{who}{need.describe()} > "

    def play(self) -> MatchRecord:
        """Ask until the match is over. Ctrl-C, even while an answer is being played, saves the
        entries taken so far (an answer counts once it has been played)."""
        try:
            return self._play()
        except KeyboardInterrupt:
            raise self.stop("interrupted", EXIT_INTERRUPTED) from None

    def _play(self) -> MatchRecord:
        step = self.step(self.entries)
        self.show(step)
        bad = 0
        while True:
            if step.record is not None:
                if not self.groups or not self.take_back_the_end():
                    return step.record
                tokens, purpose = self.groups.pop()
                self.tell(f"  took back {' '.join(tokens)}" + (f" ({purpose})" if purpose else ""))
                step = self.step(self.entries)
                self.show(step)
                continue
            need = step.need
            if need is None:
                raise Broken("expected need is not None")
            try:
                answer = self.ask(self.prompt(step))
            except EOFError:
                raise self.stop("input ended", EXIT_ERROR) from None
            word = answer.strip().lower()
            if word == "help":
                self.tell(help_text(need))
                continue
            if word == "undo":
                if not self.groups:
                    self.tell("  nothing to undo yet")
                    continue
                tokens, purpose = self.groups.pop()
                back = self.step(self.entries)
                owner = back.need.side if back.need is not None else None
                if step.others_secret and owner and need.side and owner != need.side:
                    # another side's secret answer (a Headlock card and pick): not shown to this player,
                    # and the device goes back to its owner before the owner's card shows again
                    self.tell(f"  took back {owner}'s last answer (not shown: {owner}'s secret)")
                    self.hand_back = True
                else:
                    self.tell(f"  took back {' '.join(tokens)}" + (f" ({purpose})" if purpose else ""))
                step = back
                self.show(step)
                continue
            tokens = answer_tokens(need, answer)
            try:
                if not tokens:
                    raise RulesError(f"enter {need.allowed()}")
                if len(tokens) > need.wanted:
                    raise RulesError(f"{len(tokens)} faces given, but this roll needs {need.wanted} more")
                nxt = self.step([*self.entries, *tokens])
            except EntryError as exc:
                bad += 1
                self.tell(f"  {exc.reason}; try again (or 'help', 'undo')")
            except RulesError as exc:
                bad += 1
                self.tell(f"  {exc}; try again (or 'help', 'undo')")
            else:
                bad = 0
                n = len(self.entries)
                self.groups.append((list(nxt.entries[n:]), need.purpose))
                step = nxt
                self.show(step)
            if bad >= TRIES:
                raise self.stop(f"no valid answer after {TRIES} tries", EXIT_ERROR)

    def take_back_the_end(self) -> bool:
        """Whether the table takes back the answer that ended the match (a mistyped last die), asked
        once the match is over; Enter or the end of input finishes it."""
        try:
            answer = self.ask("The match is over: press Enter to finish, or type 'undo' to take back the last "
                              "answer > ")
        except EOFError:
            return False
        return answer.strip().lower() == "undo"

    def stop(self, why: str, code: int) -> Stopped:
        """Save the entries so far and say where; the exception to raise."""
        entries = self.entries
        if not entries:
            return Stopped(f"{why}; nothing was entered yet, so nothing is saved", code)
        elsewhere = ""
        try:
            path = save_entries(self.rs.info.id, self.groups, setup=self.setup)
            name = path.name
        except OSError as exc:
            # the current folder cannot be written (gone, read-only, full): the temporary folder, and
            # failing that the entries themselves on the screen, so that nothing typed is lost
            try:
                path = save_entries(self.rs.info.id, self.groups, folder=Path(tempfile.gettempdir()),
                                    setup=self.setup)
            except OSError:
                return Stopped(f"{why}; the entries could not be saved ({exc.strerror or exc}): the entries so "
                               f"far: {' '.join(entries)}; play on with the same command and --dice FILE "
                               "--resume, FILE holding them", code)
            name, elsewhere = str(path), f" (the current folder could not be written: {exc.strerror or exc})"
        again = resume_command(self.command, name) if self.command else \
            f"the same command and --dice {name} --resume"
        return Stopped(f"{why}; the {len(entries)} entries so far are saved in {name}{elsewhere}: play on with: "
                       f"{again}", code)


def help_text(need: Need) -> str:
    lines = [f"  Asked: {need.describe()}", *([f"  {need.note}"] if need.note else []), f"  Enter {need.allowed()}."]
    if need.kind == "roll" and need.wanted > 1:
        lines.append(f"  Give the {need.wanted} faces in the order rolled, on one line or one at a time.")
    if need.kind == "choice":
        lines.append("  Any case will do, and spaces or hyphens for underscores ('High Spot' for high_spot).")
    lines.append("  'undo' takes back the last answer. End of input (Ctrl-D) or Ctrl-C saves the entries "
                 "so far, to play on with --dice FILE --resume.")
    return "\n".join(lines)


def save_entries(ruleset: str, groups: Sequence[tuple[Sequence[str], str]], folder: Path | None = None,
                 setup: Mapping[str, Any] | None = None) -> Path:
    """Write the entries as a dice script (one answer a line, its purpose as a comment) to a new
    file in ``folder`` (the current folder) and return its path. ``setup`` (see :func:`setup_of`)
    is written as a comment line that resuming checks."""
    folder = folder or Path.cwd()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{ruleset}-entries-{stamp}.txt"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{ruleset}-entries-{stamp}-{n}.txt"
    lines = [f"# turnbuckle {ruleset}: the entries of a match in progress, in order.",
             "# Play on with the same command and --dice THIS-FILE --resume."]
    if setup is not None:
        lines.append(SETUP_MARK + json.dumps(setup, sort_keys=True))
    for tokens, purpose in groups:
        text = " ".join(tokens)
        lines.append(f"{text:<12} # {purpose}" if purpose else text)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read_entries(path: str) -> list[tuple[list[str], str]]:
    """The entries of a saved (or hand-written) script, as groups for undo: a line that says what it
    answered (``5 6   # Lupe Ferreira initiative``, as :func:`save_entries` writes each answer) is one
    answer, with that purpose; any other entry is an answer of its own."""
    groups: list[tuple[list[str], str]] = []
    for line in read_input(path, "dice script").splitlines():
        tokens = [tok.text for tok in parse_script(line)]
        purpose = line.split("#", 1)[1].strip() if "#" in line else ""
        if tokens and purpose:
            groups.append((tokens, purpose))
        else:
            groups.extend(([t], "") for t in tokens)
    return groups


def tell(message: str) -> None:
    """Show a line at the table (stderr)."""
    print(message, file=sys.stderr, flush=True)


def ask(prompt: str) -> str:
    """Show a prompt and read one answer; end of input is an EOFError. Ctrl-C or the end of input
    at the prompt ends its line first, so that the message that follows starts a line of its own."""
    try:  # the prompt's printing inside too: a Ctrl-C just after it, before the read starts, ends its line
        print(prompt, end="", file=sys.stderr, flush=True)
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        print(file=sys.stderr, flush=True)
        raise
    if not line:
        print(file=sys.stderr, flush=True)
        raise EOFError
    return line


#: Cursor home, clear the screen, clear the scrollback (where the terminal keeps one: xterm's ESC[3J).
CLEAR_SCREEN = "\033[H\033[2J\033[3J"


def clear_screen() -> None:
    print(CLEAR_SCREEN, end="", file=sys.stderr, flush=True)


def hand_over(side: str) -> None:
    """Pass the device: at a terminal, clear the screen and its scrollback first, so that the
    pause shows nothing of the last player's card and move while the device changes hands, then
    wait for Enter (and clear the pause line); with piped input only a line saying so (a script
    cannot look)."""
    if sys.stdin.isatty() and sys.stderr.isatty():
        clear_screen()
        ask(f">>> Pass the device to {side}. {side}: press Enter when only you can see the screen. ")
        clear_screen()
        tell(f"{side}'s turn (the screen was cleared: nothing of another player's turn shows).")
    else:
        tell(f"--- pass the device to {side} ---")


def play_at_table(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, object],
                  players: Mapping[int, str], resume: str | None = None,
                  setup: Mapping[str, Any] | None = None, command: Sequence[str] = ()) -> MatchRecord:
    """Play a match at the prompt (stdin and stderr), after the entries of ``resume`` if given
    (refused when the file records another ``setup``). Raises :class:`Stopped` when the session
    ends early, with the entries and the setup saved and ``command`` printed to play on."""
    if setup is not None:
        setup = with_sheets(setup, rs, sides)
    session = Session(rs, sides, options, players, ask, tell, setup=setup, command=command, pause=hand_over)
    if resume is not None:
        if setup is not None:
            check_resume(resume, setup)
        session.groups = read_entries(resume)
        try:
            session.step(session.entries)
        except EntryError as exc:
            raise RulesError(f"dice script '{resume}': {exc}") from None
        tell(f"Resuming from {resume}: {len(session.entries)} entries played.")
    return session.play()
