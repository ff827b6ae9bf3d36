"""`make demo`: a sample match of every registered game, narrated, from a fixed seed."""

from __future__ import annotations

from turnbuckle.core.registry import all_rulesets
from turnbuckle.core.render import render_text
from turnbuckle.core.sources import SeededSource

DEMO_SEED = 2026


def main() -> None:
    for rs in all_rulesets():
        samples = rs.samples()
        n = rs.info.min_sides
        sides = [rs.load_text(s.text, f"sample '{s.id}'") for s in samples[:n]]
        record = rs.run(sides, SeededSource(DEMO_SEED))
        print(render_text(rs.narrate(record)))


if __name__ == "__main__":
    main()
