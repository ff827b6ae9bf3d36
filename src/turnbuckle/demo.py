"""`make demo`: a sample match of every registered game, narrated, from a fixed seed."""

from __future__ import annotations

from turnbuckle.core.registry import all_rulesets
from turnbuckle.core.render import render_text
from turnbuckle.core.sources import SeededSource

DEMO_SEED = 2026
LEAGUE_DB = "turnbuckle-demo.db"


def main() -> None:
    for rs in all_rulesets():
        samples = rs.samples()
        n = rs.info.min_sides
        sides = [rs.load_text(s.text, f"sample '{s.id}'") for s in samples[:n]]
        record = rs.run(sides, SeededSource(DEMO_SEED))
        print(render_text(rs.narrate(record)))
    league_demo()


def league_demo(path: str = LEAGUE_DB) -> None:
    """Build the sample league afresh in ``path`` and print commands to explore it."""
    from pathlib import Path

    from turnbuckle.league.demo import build_demo

    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    build_demo(f"sqlite:///{path}")
    print(f"A sample league is in {path}: three players, a roster for every game, two shows run and "
          "published, one open. Explore it:")
    for cmd in ("league standings", "league show list", "league show view 2", "league history 'Friendly Sam'",
                "league titles", "league verify 1", "league export --format markdown"):
        print(f"  turnbuckle {cmd} --db {path}")


if __name__ == "__main__":
    main()
