"""The engine as the offline keeper's page runs it (under Pyodide): JSON in, JSON out.

Nothing here, nor anything it imports, needs pydantic or PyYAML: the sides arrive as the JSON of
sheets the server has validated (``Ruleset.side_json``), and the games' models are then plain
values (``core/modelbase.py``). The rules are the same modules the server plays.
"""

from turnbuckle.page.keeper import PageInputError, keeper_step, side_json

__all__ = ["PageInputError", "keeper_step", "side_json"]
