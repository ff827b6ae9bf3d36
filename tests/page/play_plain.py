"""Run as a script with the page's zip first on the path and pydantic, pydantic_core and yaml
refused: plays the requests (argv[2], a JSON list) and prints the record texts as a JSON list."""

import json
import sys
from pathlib import Path


class Refuse:
    """A finder that refuses the libraries the page does not have."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name.partition(".")[0] in ("pydantic", "pydantic_core", "yaml"):
            raise ImportError(f"{name} is refused: the page has no {name}")


def main() -> None:
    sys.meta_path.insert(0, Refuse())
    sys.path.insert(0, sys.argv[1])
    from turnbuckle.page import keeper_step
    from turnbuckle.rulesets.registry import get_ruleset

    answers = []
    sides_back = 0  # sides whose plain value gives back other JSON than the server's
    for request in json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")):
        answer = json.loads(keeper_step(request))
        data = json.loads(request)
        rs = get_ruleset(data["game"])
        sides_back += sum(rs.side_json(rs.load_side(side, "side")) != side for side in data["sides"])
        answers.append(answer["record_text"] if answer["ok"] else f"error: {answer['error']}")
    loaded = sorted(m for m in sys.modules if m.partition(".")[0] in ("pydantic", "pydantic_core", "yaml"))
    print(json.dumps({"answers": answers, "loaded": loaded, "sides_back": sides_back,
                      "from": sys.modules["turnbuckle"].__file__}))


if __name__ == "__main__":
    main()
