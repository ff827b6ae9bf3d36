"""`make demo`: a sample match of every registered game, narrated, from a fixed seed."""

from __future__ import annotations

from turnbuckle.core.render import render_text
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import all_rulesets

DEMO_SEED = 2026
LEAGUE_DB = "turnbuckle-demo.db"


#: A short match of each game: (sample ids, options) by ruleset id.
SHORT = {
    "boxing": (["slugger", "speedster"], {"rounds": 3}),
    "matchmatch": (["friendly-sam", "brother-bob"], {"rounds": 8}),
    "headlock": (["the-rhino", "amethyst-assassin"], {"turns": 30}),
}

INTRO = ("turnbuckle plays, referees and simulates five tabletop combat-sports games from the command line:\n"
         "boxing, MatchMatch, Headlock, BIG TCG folkstyle and UOV Deathmatch, with every roll logged.")

NEXT = (
    "turnbuckle rulesets",
    "turnbuckle samples boxing",
    "turnbuckle match boxing slugger speedster --seed 7",
    "turnbuckle match boxing slugger speedster --dice ask      # you roll the dice at the table",
    "turnbuckle odds boxing slugger speedster",
    "turnbuckle samples boxing slugger > mine.yaml && turnbuckle validate boxing mine.yaml",
)


def main() -> None:
    from turnbuckle.cli.match_cmd import summary_text
    from turnbuckle.core.writeup import result_last

    print(INTRO)
    print()
    for i, rs in enumerate(all_rulesets()):
        ids, options = SHORT.get(rs.info.id, ([s.id for s in rs.samples()[: rs.info.min_sides]], {}))
        sides = [rs.load_text(rs.sample(x).text, f"sample '{x}'") for x in ids]
        record = rs.run(sides, SeededSource(DEMO_SEED), options)
        if i == 0:  # one whole write-up, to show what a match reads like; the others in short
            print(render_text(result_last(rs.narrate(record))))
        else:
            print(f"{rs.info.name}:")
            print("  " + summary_text(record).rstrip("\n").replace("\n", "\n  "))
        opts = "".join(f" -o {k}={v}" for k, v in options.items())
        print(f"  the whole match: turnbuckle match {rs.info.id} {' '.join(ids)}{opts} --seed {DEMO_SEED}")
        print()
    league_demo()
    print()
    print("Try next:")
    for cmd in NEXT:
        print(f"  {cmd}")


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
    print(f"Or in a browser: `make serve` (or `turnbuckle serve --db {path}`), then http://127.0.0.1:8000/ "
          "(it prints the demo sign-ins).")


if __name__ == "__main__":
    main()
