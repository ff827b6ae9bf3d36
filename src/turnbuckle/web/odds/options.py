"""The odds page's rules options and per-side policies, read from its form and decoded by the same
code as ``turnbuckle odds -o KEY=VALUE --policy SIDE=NAME``: the one option parser in core
(``core.options.rules_options``, ``core.side_pairs.players_and_policies``), the options' own
checks (``resolve_options``), each game's decoding of its options (``Ruleset.decode_options``: its
``options.py``, as its engine calls it) and the game's ``idle_options``.
Nothing here decodes a value itself; it only puts each refusal beside the field it came from.

A field left at the game's default (or empty) is not given, as an option left off the command
line is not; the command line's reading of files (``-o type_file=``, ``--referee FILE``) is not
offered: a server never opens a path a visitor typed (a referee sheet is pasted as text instead).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionSpec, OptionValue, resolve_options, rules_options
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.side_pairs import players_and_policies

#: Options whose text may run over several lines (YAML), shown as a box rather than a line.
_LONG = frozenset({"types", "referee"})


def shown(value: OptionValue) -> str:
    """A default as the form shows it (``true``, ``12``, ``standard``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class OptionField:
    """One rules option as the form shows it: ``field`` is its form name (``opt-rounds``)."""

    spec: OptionSpec
    field: str
    default: str
    choices: tuple[str, ...]  # a select's values ('' for a free field)
    long: bool

    @property
    def help(self) -> str:
        return self.spec.help


def option_fields(rs: Ruleset[Any]) -> list[OptionField]:
    """The game's options, in the order ``turnbuckle rulesets`` lists them."""
    out = []
    for spec in rs.info.options:
        kind = spec.kind
        choices = ("true", "false") if kind == "bool" else spec.choices if kind == "choice" else ()
        out.append(OptionField(spec, f"opt-{spec.name}", shown(spec.default), choices, spec.name in _LONG))
    return out


def policy_kinds(rs: Ruleset[Any]) -> list[str]:
    """The automatic players a side may be given (``--policy``), or [] when the game has only one."""
    kinds = list(rs.info.automatic_players)
    return kinds if len(kinds) > 1 else []


def default_fields(rs: Ruleset[Any]) -> dict[str, str]:
    return {f.field: f.default for f in option_fields(rs)}


def posted_fields(rs: Ruleset[Any], posted: Mapping[str, Any], sides: int = 2) -> dict[str, str]:
    """The option and policy fields of a posted form, as typed."""
    names = [f.field for f in option_fields(rs)] + [f"policy-{i}" for i in range(1, sides + 1)]
    return {name: str(posted.get(name, "")) for name in names}


@dataclass
class Chosen:
    options: dict[str, object]  # as given (the command line's -o pairs), for simulate
    players: dict[int, str]  # side index -> policy (--policy)
    resolved: dict[str, OptionValue]  # every option's value, for the sides' checks


def read_choices(rs: Ruleset[Any], fields: Mapping[str, str], names: Sequence[str],
                 errors: dict[str, str]) -> Chosen | None:
    """The options and policies the form gives, or None with ``errors`` filled by field name."""
    game = rs.info.id
    known = [spec.name for spec in rs.info.options]
    pairs = []
    for f in option_fields(rs):
        raw = fields.get(f.field, "")
        if raw.strip() and raw.strip() != f.default:
            pairs.append(f"{f.spec.name}={raw.strip()}")
    try:
        given = rules_options(known, pairs, game)
    except RulesError as exc:
        errors["options"] = str(exc)
        return None
    for key, value in given.items():  # each option alone, so a refusal stands beside its field
        try:
            rs.decode_options(resolve_options(rs.info.options, {key: value}))
        except RulesError as exc:
            errors[f"opt-{key}"] = str(exc)
    policies = [f"{i}={fields.get(f'policy-{i}', '').strip()}" for i in range(1, len(names) + 1)
                if fields.get(f"policy-{i}", "").strip()]
    allowed = policy_kinds(rs)
    players: dict[int, str] = {}
    try:
        players = players_and_policies(None, policies, names)
    except RulesError as exc:
        errors["policy-1" if allowed else "options"] = str(exc)
    for index, kind in players.items():
        if kind not in allowed:
            offered = ", ".join(allowed) if allowed else "none (every side plays the game's one automatic player)"
            # a game that offers no policy has no policy field to stand beside: the form's own line
            errors[f"policy-{index + 1}" if allowed else "options"] = \
                f"policy '{kind[:40]}' is not one of {offered} for {game}"
    if errors:
        return None
    for key, why in rs.idle_options(given, players, len(names)).items():
        errors[f"opt-{key}"] = f"option {key} changes nothing here: {why}"
    try:
        resolved = resolve_options(rs.info.options, given)
        rs.decode_options(resolved)
    except RulesError as exc:  # options that are fine alone but not together
        errors["options"] = str(exc)
        return None
    if errors:
        return None
    return Chosen(given, players, resolved)
