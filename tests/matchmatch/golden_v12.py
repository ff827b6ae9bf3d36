"""Seeded MatchMatch matches played under rules version 1.2, kept as golden records.

The records in ``fixtures/v12_golden.json`` were written by the engine as it stood before rules
version 1.3 (commit ac94e64, when 1.2 was the current version), by running this module:

    .venv/bin/python -m tests.matchmatch.golden_v12

``test_rules_versions.py`` plays the same matches with ``version="1.2"`` and checks that every
record is the same, byte for byte: events, every die, the result and its summary. So a match
stored under 1.2 replays as it was played, whatever 1.3 changed. Never regenerate the file to
make that test pass: the file is the 1.2 behaviour.

The cases cover singles, tag (a team against a wrestler, and two teams), three and four sides,
and the Cage, Strap and Scaffold types, with the ingredients 1.3 changed: Strap matches where a
side's '-' falls on High-Flying (compound halvings), several sides whose totals can tie for the
lowest, teams that take injuries (Cage and Scaffold) and won victory checks in every type.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.matchmatch import MatchMatchRuleset
from turnbuckle.rulesets.matchmatch.side import Side

GOLDEN = Path(__file__).parent / "fixtures" / "v12_golden.json"
VERSION = "1.2"
RULESET = MatchMatchRuleset()

#: A wrestler with a written strategy that '-'s High-Flying (halved twice in a Strap match at 1.3).
GROUNDER: dict[str, Any] = {
    "wrestler": {"name": "Gus Grounder", "stamina": 11,
                 "styles": {"technical": 5, "power": 5, "martial_arts": 2, "brawling": 5, "weight": 5,
                            "high_flying": 1, "cheating": 1, "teamwork": 1},
                 "defenses": {"high_flying": 1}, "high_spots": 1, "push_level": 2},
    "strategy": {"plus": ["power", "technical"], "minus": "high_flying", "grid": "B2",
                 "rounds": [{"round": 3, "type": "high spot"}, {"round": 6, "type": "finisher"},
                            {"round": 9, "type": "high impact"}, {"round": "10+", "type": "normal",
                                                                  "target": "high_flying"}]},
}
#: A high flyer who also '-'s High-Flying (a third side's minus on the same style).
SKY: dict[str, Any] = {
    "wrestler": {"name": "Sky Rivera", "stamina": 10,
                 "styles": {"technical": 3, "power": 1, "martial_arts": 4, "brawling": 2, "weight": 1,
                            "high_flying": 9, "cheating": 1, "teamwork": 1},
                 "high_spots": 2, "push_level": 2},
    "strategy": {"plus": ["high_flying", "martial_arts"], "minus": "high_flying", "grid": "A3",
                 "rounds": [{"round": 2, "type": "high spot"}, {"round": 4, "type": "high spot"},
                            {"round": 5, "type": "submission"}, {"round": 8, "type": "cripple",
                                                                 "target": "power"}]},
}
#: A second tag team (every value within its members' range).
TEAM: dict[str, Any] = {
    "team": {"name": "Power Trip", "members": ["iron-ivan", "brother-bob"], "stamina": 11,
             "styles": {"technical": 2, "power": 5, "martial_arts": 1, "brawling": 6, "weight": 6,
                        "high_flying": 1, "cheating": 4, "teamwork": 0},
             "defenses": {"power": 1}, "high_spots": 1, "push_level": 1},
}


def sample(name: str) -> Side:
    return RULESET.load_text(RULESET.sample(name).text, name)


def doc(data: dict[str, Any]) -> Side:
    return RULESET.load_side(data, "golden side")


@dataclass(frozen=True)
class Case:
    name: str
    sides: tuple[str, ...]  # sample ids, or the names of the documents above
    options: dict[str, object]
    seeds: tuple[int, ...]


DOCS = {"grounder": GROUNDER, "sky": SKY, "power-trip": TEAM}
SEEDS = tuple(range(1, 9))

CASES: tuple[Case, ...] = (
    Case("singles standard", ("brother-bob", "friendly-sam"), {}, SEEDS),
    Case("singles cage, rolled referee", ("iron-ivan", "lady-lightning"), {"type": "cage", "referee": "roll"},
         SEEDS),
    Case("singles strap, '-' on High-Flying", ("grounder", "sky"), {"type": "strap"}, SEEDS),
    Case("singles strap, automatic strategies", ("lady-lightning", "iron-ivan"), {"type": "strap"}, SEEDS),
    Case("singles scaffold", ("lady-lightning", "brother-bob"), {"type": "scaffold", "referee": "bill order"},
         SEEDS),
    Case("tag against a wrestler, cage", ("odd-couple", "iron-ivan"), {"type": "cage"}, SEEDS),
    Case("two teams, scaffold", ("odd-couple", "power-trip"), {"type": "scaffold"}, SEEDS),
    Case("two teams, standard", ("power-trip", "odd-couple"), {"rounds": 12}, SEEDS),
    Case("three sides, standard", ("brother-bob", "friendly-sam", "iron-ivan"), {}, SEEDS),
    Case("three sides, strap, two '-' on High-Flying", ("grounder", "sky", "lady-lightning"), {"type": "strap"},
         SEEDS),
    Case("four sides, cage", ("brother-bob", "friendly-sam", "iron-ivan", "lady-lightning"), {"type": "cage"},
         SEEDS),
    Case("four sides with a team, scaffold", ("odd-couple", "grounder", "sky", "iron-ivan"),
         {"type": "scaffold", "grid": "Po Te Br / We MA HF / Br MA Ch"}, SEEDS),
)


def sides_of(case: Case) -> list[Side]:
    return [doc(DOCS[s]) if s in DOCS else sample(s) for s in case.sides]


def record_text(case: Case, seed: int, version: str | None = VERSION) -> str:
    """One match's record as canonical JSON text (without the package version, which is not the
    rules' business)."""
    record = RULESET.run(sides_of(case), SeededSource(seed), case.options, version=version)
    data = record.to_json()
    data.pop("turnbuckle_version", None)
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def fingerprint(text: str) -> dict[str, Any]:
    """What the golden file keeps of a record: the SHA-256 of its whole canonical text (byte for
    byte), and, to show where a difference lies, every die face in order, the number of events and
    the result."""
    data = json.loads(text)
    faces = [f for e in data["events"] if e.get("type") == "roll" for f in e["faces"]]
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "dice": faces, "events": len(data["events"]),
            "result": data["result"]}


def played(version: str | None = VERSION) -> Iterator[tuple[str, int, str]]:
    for case in CASES:
        for seed in case.seeds:
            yield case.name, seed, record_text(case, seed, version)


def load_golden() -> list[dict[str, Any]]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert data["version"] == VERSION
    records: list[dict[str, Any]] = data["records"]
    return records


def write(path: Path = GOLDEN) -> None:
    records = [{"case": name, "seed": seed, **fingerprint(text)} for name, seed, text in played()]
    head = {"version": VERSION, "note": "written by tests/matchmatch/golden_v12.py before rules 1.3; never "
                                        "regenerate it to make a test pass"}
    lines = ",\n".join(json.dumps(r, separators=(",", ":")) for r in records)  # a record a line
    path.write_text(json.dumps(head)[:-1] + ', "records": [\n' + lines + "\n]}\n", encoding="utf-8")


if __name__ == "__main__":
    write()
