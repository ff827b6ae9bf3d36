"""A field of legal sheets that fit what is public about an opponent whose sheet is not.

Before a competitor's first published match a league may show only its public facts: its weight
class, with the league's Push Level and injuries. The advisor then plays against a field of
wrestlers that fit them: the bundled sample wrestlers of that weight class first (sorted by id),
then legal 42-point wrestlers drawn from the seed, each with the Weight of that class, the
opponent's Push Level and injuries, and its name (so the match reads as the real one). The same
facts, seed and size give the same field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from turnbuckle.core.errors import RulesError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.rulesets.matchmatch.sheet import BUDGET, STAMINA_MAX, load_wrestler, weight_class
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.styles import STYLES
from turnbuckle.rulesets.registry import get_ruleset

#: The Weight each class allows, as the drawn sheets take it (the rulebook's classes).
WEIGHTS = {"Light-Heavyweight": (1, 3), "Heavyweight": (4, 7), "Superheavyweight": (8, 12)}
#: The fact's label in the game's public facts (``briefing.public_facts``).
WEIGHT_FACT = "Weight class"


def random_sheet(rng: np.random.Generator, name: str) -> Side:
    """A legal wrestler on 42 points: Stamina 6-15, up to 3 High Spots, Push Level 1-3, a few
    defense points, the rest spread over the styles at random."""
    stamina = int(rng.integers(6, 16))
    spots = int(rng.integers(0, 4))
    defenses = dict.fromkeys(STYLES, 0)
    for _ in range(int(rng.integers(0, 3))):
        defenses[str(rng.choice(list(defenses)[:7]))] += 1
    left = 42 - stamina - 3 * spots - 2 * sum(defenses.values())
    weights = rng.dirichlet(np.full(8, 0.8))
    weights[7] *= 0.2  # Teamwork matters only in tag matches
    points = rng.multinomial(left, weights / weights.sum())
    styles = dict(zip(defenses, (int(p) for p in points), strict=True))
    sheet = load_wrestler({"name": name, "stamina": stamina, "styles": styles, "defenses": defenses,
                           "high_spots": spots, "push_level": int(rng.integers(1, 4))}, name)
    return Side(name, sheet)


def _drawn(rng: np.random.Generator, name: str, cls: str) -> dict[str, Any]:
    """A legal wrestler of weight class ``cls``: a random sheet with its Weight set within the
    class and the points moved to or from the other styles so that it still spends 42."""
    low, high = WEIGHTS[cls]
    w = random_sheet(rng, name).sheet
    styles = w.styles.as_dict()
    styles["weight"] = int(rng.integers(low, high + 1))
    others = [s for s in STYLES if s not in ("weight", "teamwork")]
    spare = BUDGET - w.cost + w.styles.weight - styles["weight"]
    while spare < 0:  # take points back from the largest other style
        top = max([*others, "teamwork"], key=lambda s: styles[s])
        if styles[top] == 0:
            break
        styles[top] -= 1
        spare += 1
    for _ in range(max(0, spare)):
        styles[others[int(rng.integers(0, len(others)))]] += 1
    return {"name": name, "stamina": min(STAMINA_MAX, w.stamina), "styles": styles,
            "defenses": w.defenses.as_dict(), "high_spots": w.high_spots}


def field_documents(name: str, facts: Mapping[str, str], push_level: int | None, injuries: int, *, size: int,
                    seed: int) -> dict[str, Any]:
    """``size`` wrestler documents that fit ``facts`` (the game's public facts, by label), with
    what the description of the field says: ``{"about": ..., "sheets": [...]}``."""
    cls = facts.get(WEIGHT_FACT)
    if cls not in WEIGHTS:
        raise RulesError(f"what is public about {name} names no weight class, so the advisor has no field of "
                         "sheets to play against")
    level = push_level or 1
    rs: Any = get_ruleset("matchmatch")
    sheets: list[dict[str, Any]] = []
    for sample in sorted(rs.samples(), key=lambda s: s.id):
        data = parse_yaml(sample.text, sample.id)
        body = data.get("wrestler") if isinstance(data, dict) else None
        if isinstance(body, dict) and weight_class(int(body.get("styles", {}).get("weight", 0))) == cls:
            sheets.append(dict(body))
    sheets = sheets[:size]
    rng = np.random.default_rng([seed, 3])
    while len(sheets) < size:
        sheets.append(_drawn(rng, name, cls))
    out = []
    for body in sheets:
        body = {k: v for k, v in body.items() if k not in ("notes", "nickname")}
        body |= {"name": name, "push_level": level, "injuries": injuries}
        load_wrestler(body, f"a field sheet for {name}")  # every one is legal (a bug otherwise)
        out.append({"wrestler": body})
    about = f"{cls}, Push Level {level}, {injuries} injur{'y' if injuries == 1 else 'ies'}"
    return {"about": about, "sheets": out}
