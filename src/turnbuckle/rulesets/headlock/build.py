"""Rolling a Headlock character from the dice, as the rulebook does it: ATK, DEF and SPD on a d20,
STA on a d12, RES on a d6. Names for the wrestler and the moves come from the project's own tables,
rolled on the dice as well, so a rolled character can be replayed from its seed or its script."""

from __future__ import annotations

from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.sheet import POWERS, STAT_DICE, Character, load_character

FIRST = ("Crimson", "Iron", "Silver", "Midnight", "Wild", "Golden", "Savage", "Electric", "Frost",
         "Thunder", "Copper", "Velvet")
LAST = ("Viper", "Comet", "Grizzly", "Phantom", "Falcon", "Hurricane", "Jackal", "Titan", "Mamba",
        "Outlaw", "Cyclone", "Raven")

STRIKES: dict[int, tuple[str, ...]] = {
    1: ("Jab", "Chop", "Forearm", "Headbutt", "Slap", "Toe kick"),
    3: ("Knee strike", "Enzuigiri", "Running forearm", "Body blow", "Spinning backfist", "Leg lariat"),
    5: ("Lariat", "Superkick", "Running knee", "Discus punch", "Missile dropkick", "Spear tackle"),
    7: ("Diving headbutt", "Moonsault", "Frog splash", "Corkscrew press", "Flying elbow", "Shooting star"),
}
#: Grapple tables: (name, kind). Submissions and chokes sit beside ordinary grapples.
GRAPPLES: dict[int, tuple[tuple[str, str], ...]] = {
    1: (("Arm drag", "grapple"), ("Snap mare", "grapple"), ("Hip toss", "grapple"),
        ("Headlock", "submission"), ("Wristlock", "submission"), ("Body slam", "grapple")),
    3: (("Suplex", "grapple"), ("Bulldog", "grapple"), ("Side slam", "grapple"),
        ("Armbar", "submission"), ("Abdominal stretch", "submission"), ("Backbreaker", "grapple")),
    5: (("Piledriver", "grapple"), ("German suplex", "grapple"), ("Boston crab", "submission"),
        ("Sleeper hold", "choke"), ("Spinebuster", "grapple"), ("Kneebar", "submission")),
    7: (("Powerbomb", "grapple"), ("Triangle choke", "choke"), ("Sharpshooter", "submission"),
        ("Burning hammer", "grapple"), ("Guillotine choke", "choke"), ("Tombstone", "grapple")),
}
SPECIALS: tuple[tuple[str, str], ...] = (
    ("Shooting-star press", "strike"), ("Spinning heel kick", "strike"), ("Rolling elbow", "strike"),
    ("Top-rope superplex", "grapple"), ("Package piledriver", "grapple"), ("Sit-out powerbomb", "grapple"),
    ("Crippler crossface", "submission"), ("Ankle lock", "submission"), ("Cloverleaf", "submission"),
    ("Rear naked choke", "choke"), ("Cobra clutch", "choke"), ("Dragon sleeper", "choke"),
)


def _pick(table: Table, options: tuple[str, ...] | tuple[tuple[str, str], ...], purpose: str) -> int:
    meaning = [o if isinstance(o, str) else o[0] for o in options]
    return table.roll(1, len(options), purpose, meaning=meaning).total - 1


def roll_character(table: Table, name: str | None = None) -> Character:
    """A character rolled through ``table``: the five stats, then the name (unless given), the
    strikes and grapples by power, and the special."""
    stats = {key: table.roll(1, die, f"{key.upper()} (d{die})").total for key, die in STAT_DICE.items()}
    if name is None:
        name = f"{FIRST[_pick(table, FIRST, 'first name')]} {LAST[_pick(table, LAST, 'last name')]}"
    strikes = {p: STRIKES[p][_pick(table, STRIKES[p], f"{p}-power strike")] for p in POWERS}
    grapples: dict[int, object] = {}
    for p in POWERS:
        gname, kind = GRAPPLES[p][_pick(table, GRAPPLES[p], f"{p}-power grapple")]
        grapples[p] = gname if kind == "grapple" else {"name": gname, "kind": kind}
    sname, skind = SPECIALS[_pick(table, SPECIALS, "special")]
    data = {"name": name, **stats, "strikes": strikes, "grapples": grapples,
            "special": {"name": sname, "kind": skind}, "notes": "rolled from the dice"}
    return load_character(data, f"rolled character {name!r}")
