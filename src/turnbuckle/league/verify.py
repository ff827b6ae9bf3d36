"""Checking an export with no database: every seed against its published hash, every submission
against the manifest, the card against the card locked, the referee draws, every match replayed
from its seed and inputs, and the weekly healing rolls. Findings are one line each."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from turnbuckle.core.errors import InputFileError, RulesError
from turnbuckle.core.inputs import parse_json
from turnbuckle.core.jsondiff import first_difference
from turnbuckle.core.sources import SeededSource
from turnbuckle.league import canonical
from turnbuckle.league.choices import chosen_players
from turnbuckle.league.game_rules import exported_rules, games_with, written_strategies
from turnbuckle.league.verify_standings import check_standings
from turnbuckle.rulesets.registry import get_ruleset

if TYPE_CHECKING:
    from turnbuckle.core.facets import LeagueRules

FORMAT = "turnbuckle.league-export/3"
#: Every export format this turnbuckle reads: /1 (shows only), /2 (shows and table matches) and /3
#: (MatchMatch card entries carry their grid, fixed at open, and the content key of their draws).
FORMATS = ("turnbuckle.league-export/1", "turnbuckle.league-export/2", FORMAT)
MAX_BYTES = 200 * 1024 * 1024


def load_export(text: str, label: str) -> dict[str, Any]:
    """Parse an export or raise InputFileError (a file verify cannot read: exit 2)."""
    data = parse_json(text, label)
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise InputFileError(f"{label}: not a league export (expected \"format\": \"{FORMAT}\")")
    if not isinstance(data.get("shows"), list) or not isinstance(data.get("competitors"), list):
        raise InputFileError(f"{label}: a league export needs 'shows' and 'competitors' lists")
    if not isinstance(data.setdefault("table_matches", []), list):
        raise InputFileError(f"{label}: 'table_matches' must be a list")
    return data


#: Where a show's seed hash goes out at lock, before anything is run: what a reader compares with.
CHANNELS = ("the show's page and the league's Atom feed, and by webhook and e-mail where the league has them "
            "set up")
_HASH = re.compile(r"^[0-9a-f]{64}$")


def parse_commitment(text: str) -> tuple[int, str]:
    """``SHOW=HASH`` (a show number and the seed's SHA-256 a reader saw at lock, 64 hex digits), or
    InputFileError saying what is wrong (exit 2)."""
    number, sep, digest = text.partition("=")
    digest = digest.strip().lower()
    if not sep or not number.strip().isdecimal() or not _HASH.match(digest):
        raise InputFileError(f"--commitment {text!r}: give SHOW=HASH, a show number and the 64 hex digits of the "
                             "seed's SHA-256 published when it locked (e.g. 3=9f2c...)")
    return int(number), digest


def commitment_note(where: str, committed: str | None, locked_at: str | None) -> str:
    """What the seed was checked against, said plainly (``locked_at``: the last lock, from the history)."""
    if committed is None:
        when = f" when it locked ({locked_at})" if locked_at else " at lock"
        number = where.removeprefix("show ")
        return (f"{where}: no commitment given: the revealed seed is checked only against the hash in this same "
                f"export, which the organiser controls. Its hash went out{when} on {CHANNELS}: give the one you "
                f"saw with --commitment {number}=HASH to check the seed against what was public before the run")
    return f"{where}: the revealed seed is checked against the commitment given (seen at lock: {committed[:12]}...)"


def verify_export(data: dict[str, Any], commitments: dict[int, str] | None = None) -> tuple[list[str], list[str]]:
    """(findings, notes): findings are differences or tampering; notes say what was checked.
    ``commitments``: show number -> the seed's SHA-256 a reader saw published at lock."""
    findings: list[str] = []
    notes: list[str] = []
    given = dict(commitments or {})
    numbers = {s.get("number") for s in data["shows"] if isinstance(s, dict)}
    for n in sorted(set(given) - numbers):
        findings.append(f"show {n}: a commitment was given for it, but this export does not hold it")
    games = {str(c.get("uid")): str(c.get("ruleset")) for c in data.get("competitors") or [] if isinstance(c, dict)}
    for s in data["shows"]:
        try:
            verify_show(s, findings, notes, given.get(s["number"]), games)
            check_standings(data, s, findings, notes)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            findings.append(f"show {s.get('number', '?') if isinstance(s, dict) else '?'}: malformed entry ({exc!r})")
    for m in data.get("table_matches") or []:
        try:
            verify_table_match(m, findings, notes)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            findings.append(f"table match {m.get('uid', '?') if isinstance(m, dict) else '?'}: malformed entry "
                            f"({exc!r})")
    return findings, notes


def verify_table_match(m: dict[str, Any], findings: list[str], notes: list[str]) -> None:
    """A table match has no committed seed: its entries are played again on the setup its record
    names and must give the record exactly; the sides' names are the record's."""
    from turnbuckle.league.services.table import (  # lazy: keeps the database library out of `turnbuckle verify`
        read_groups,
        replay_entries,
    )

    where = f"table match {m['uid']}"
    try:
        groups = read_groups(m["entries"])
    except RulesError as exc:
        findings.append(f"{where}: {exc}")
        return
    played, why = replay_entries(m["record"], groups)
    if played is None:
        findings.append(f"{where}: {why}")
        return
    if played.ruleset != m["ruleset"] or played.ruleset_version != m["ruleset_version"]:
        findings.append(f"{where}: listed as {m['ruleset']} {m['ruleset_version']}, its record is "
                        f"{played.ruleset} {played.ruleset_version}")
    if [sd["name"] for sd in m["sides"]] != list(played.names):
        findings.append(f"{where}: its sides are not the record's ({', '.join(played.names)})")
    notes.append(f"{where}: no committed seed; its {len(groups)} answers replayed to its record")


def _history(s: dict[str, Any], where: str, findings: list[str], notes: list[str]) -> None:
    kinds = [e["kind"] for e in s["history"]]
    notes.append(f"{where}: locked {kinds.count('lock')} time(s), unlocked {kinds.count('unlock')} time(s)")
    locks = [e for e in s["history"] if e["kind"] == "lock"]
    if s.get("manifest") is None:
        return
    digest = canonical.sha256_hex(canonical.canonical_json(s["manifest"]))
    if digest != s.get("manifest_sha256"):
        findings.append(f"{where}: the manifest does not match its SHA-256 (changed after lock)")
    if not locks or locks[-1]["detail"].get("manifest_sha256") != digest:
        findings.append(f"{where}: the manifest is not the one published at the last lock")
    if s["manifest"].get("seed_sha256") != s.get("seed_sha256"):
        findings.append(f"{where}: the seed hash differs from the manifest's")
    if s["manifest"].get("card") != s["card"]:
        findings.append(f"{where}: the card changed after lock")


def _referees(s: dict[str, Any], where: str, findings: list[str]) -> None:
    """Each drawn referee (and, from manifest format 2 on, each drawn grid) is the card seed's draw:
    keyed on the match's position under format 1, on its content (``key``) under format 2."""
    opened = [e for e in s["history"] if e["kind"] == "open"]
    if not opened or not s.get("card_seed"):
        return
    names = sorted(opened[-1]["detail"].get("referees", []))
    if opened[-1]["detail"].get("card_seed") != s["card_seed"]:
        findings.append(f"{where}: the card seed is not the one published when the card opened")
    for m in s["card"]:
        key = m.get("key")
        if key is not None:
            sides = [str(x["competitor"]) for x in m["sides"]]
            kind = _rules(m["ruleset"]).match_kind(m["options"])
            if key != canonical.card_key(s["uid"], m["ruleset"], kind, sides):
                findings.append(f"{where} match {m['position']}: its draw key is not its content")
            if m.get("grid_drawn") and m.get("grid") != _grid_draw(m["ruleset"], s["card_seed"], key):
                findings.append(f"{where} match {m['position']}: grid {m.get('grid')} is not the draw")
        if m.get("referee_drawn"):
            if not names:
                want = None
            elif key is not None:
                want = names[canonical.content_referee_draw(s["card_seed"], key, len(names))]
            else:
                want = names[canonical.referee_draw(s["card_seed"], s["uid"], m["position"], len(names))]
            if want != m["referee"]:
                findings.append(f"{where} match {m['position']}: referee {m['referee']} is not the draw ({want})")


def _rules(ruleset: str) -> LeagueRules:
    """The league rules of a game the export names (the plain ones for a game not known here)."""
    return exported_rules(ruleset)


def _grid_draw(ruleset: str, card_seed: str, key: str) -> str | None:
    """The grid the card seed draws for a match of this game (None where its game draws none)."""
    try:
        return canonical.grid_draw(card_seed, key, _rules(ruleset).roll_grid)
    except RulesError:
        return None


def verify_show(s: dict[str, Any], findings: list[str], notes: list[str], committed: str | None = None,
                games: dict[str, str] | None = None) -> None:
    """Check one show of an export; ``games`` gives each competitor's game by uid (the export's
    competitors), whose league rules heal its injuries."""
    where = f"show {s['number']}"
    _history(s, where, findings, notes)
    _referees(s, where, findings)
    seed = s.get("seed")
    if seed is None:
        notes.append(f"{where}: {s['status']}, seed not revealed yet; nothing to replay")
        return
    revealed = canonical.sha256_hex(bytes.fromhex(seed))
    if revealed != s.get("seed_sha256"):
        findings.append(f"{where}: the revealed seed does not match its published SHA-256")
    if committed is not None and revealed != committed:
        findings.append(f"{where}: the revealed seed does not match the commitment given (the hash seen at lock, "
                        f"{committed[:12]}...); its SHA-256 is {revealed[:12]}...: the seed was drawn again after lock")
    locks = [e.get("at") for e in s["history"] if e.get("kind") == "lock"]
    notes.append(commitment_note(where, committed, str(locks[-1]) if locks else None))
    manifest = s.get("manifest") or {}
    hashes = {(x["position"], x["side"]): x["sha256"] for x in manifest.get("submissions", [])}
    if [m["position"] for m in s["matches"]] != [m["position"] for m in s["card"]]:
        findings.append(f"{where}: the matches played are not the card's")
    card = {c["position"]: c for c in s["card"]}
    for m in s["matches"]:
        entry = card.get(m["position"], {})
        if entry.get("grid") and m["options"].get("grid") != entry["grid"]:
            findings.append(f"{where} match {m['position']}: played on grid {m['options'].get('grid')}, "
                            f"not the card's {entry['grid']}")
        _match(s, m, hashes, f"{where} match {m['position']}", findings)
    _healing(s, where, findings, games or {})
    notes.append(f"{where}: {len(s['matches'])} match(es) replayed, {len(s['healing'])} healing roll(s) checked")


def _match(s: dict[str, Any], m: dict[str, Any], hashes: dict[tuple[int, int], str | None], where: str,
           findings: list[str]) -> None:
    want_seed = canonical.match_seed(s["seed"], s["uid"], m["position"])
    if str(want_seed) != str(m["seed"]):
        findings.append(f"{where}: seed {m['seed']} is not HMAC(show seed, "
                        f"\"{s['uid']}/{m['position']}\") = {want_seed}")
    for i, side in enumerate(m["sides"]):
        text = side.get("submission")
        published = hashes.get((m["position"], i))
        got = canonical.sha256_hex(canonical.canonical_text(text)) if text is not None else None
        if got != published:
            findings.append(f"{where} side {i + 1} ({side['name']}): the strategy does not match the hash "
                            "published at lock")
        elif text is not None and "strategy" in side["document"] and written_strategies(m["ruleset"]):
            _same_strategy(m["ruleset"], text, side["document"]["strategy"], f"{where} side {i + 1}", findings)
    try:
        rs = get_ruleset(m["ruleset"])
        version = str(m["ruleset_version"])
        if version not in rs.info.playable_versions:
            findings.append(f"{where}: played under {m['ruleset']} {version}, which this turnbuckle does not play "
                            f"({', '.join(rs.info.playable_versions)}); replayed under {rs.info.version}")
            version = rs.info.version
        sides = [rs.load_side(x["document"], f"{where} side {i + 1}") for i, x in enumerate(m["sides"])]
        players, _ = chosen_players(m["ruleset"], [x.get("submission") for x in m["sides"]],
                                    [x["name"] for x in m["sides"]])
        played = m["record"].get("options") if isinstance(m["record"].get("options"), dict) else {}
        # The options as played (the record's, defaults of its own version included), under the card's own.
        options = {k: v for k, v in played.items() if k in {o.name for o in rs.info.options}} | dict(m["options"])
        record = rs.run(sides, SeededSource(int(m["seed"])), options, players=players,
                        version=version).to_json()
    except RulesError as exc:
        findings.append(f"{where}: cannot replay: {exc}")
        return
    stored = json.loads(canonical.canonical_json(m["record"]))
    replayed = json.loads(canonical.canonical_json(record))
    replayed["turnbuckle_version"] = stored.get("turnbuckle_version")  # a later turnbuckle may replay it
    if stored != replayed:
        findings.append(f"{where}: the replay differs from the stored record ({first_difference(stored, replayed)})")


def _same_strategy(ruleset: str, text: str, played: str, where: str, findings: list[str]) -> None:
    try:
        formatted = _rules(ruleset).format_strategy(text, where)
    except RulesError:
        return  # a strategy that no longer reads: the automatic player played, the notes say so
    if formatted != played:
        findings.append(f"{where}: the strategy played is not the one submitted")


def _healing(s: dict[str, Any], where: str, findings: list[str], games: dict[str, str]) -> None:
    """Each healing roll is the seed's, healed by the rules of the competitor's game (a competitor
    the export does not list: by any game's whose league keeps injuries)."""
    for h in s["healing"]:
        roll = canonical.heal_roll(s["seed"], s["uid"], h["competitor"])
        game = games.get(str(h["competitor"]))
        rules = [_rules(g) for g in ([game] if game is not None else games_with("push_levels"))]
        if roll != h["roll"] or all(r.heal(h["before"], roll, bool(h["wrestled"])) != h["after"] for r in rules):
            findings.append(f"{where}: healing of {h['competitor']} is not the seed's roll ({roll})")
