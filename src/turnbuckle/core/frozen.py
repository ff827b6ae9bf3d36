"""Read-only JSON containers: a match record and its events are values nobody can change.

``FrozenList`` and ``FrozenDict`` are a ``list`` and a ``dict`` that refuse every change, so code
that reads JSON data (``isinstance(x, list)``, ``json.dumps``, ``==``) works on them unchanged.
"""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"a {type(self).__name__} cannot be changed: records and events are values")


class FrozenList(list[Any]):
    """A list that cannot be changed after it is made."""

    __slots__ = ()
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return (FrozenList, (list(self),))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self))


class FrozenDict(dict[str, Any]):
    """A dict that cannot be changed after it is made."""

    __slots__ = ()
    clear = pop = popitem = setdefault = update = _refuse
    __setitem__ = __delitem__ = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        return (FrozenDict, (dict(self),))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))


_PLAIN = frozenset({type(None), bool, int, float, str})


def freeze(value: object) -> Any:
    """A deep read-only copy of JSON-like data (lists and tuples become FrozenLists, dicts FrozenDicts
    with string keys). Already-frozen containers are kept as they are."""
    kind = type(value)
    if kind in _PLAIN or kind is FrozenList or kind is FrozenDict:
        return value
    if isinstance(value, dict):
        return FrozenDict({str(k): v if type(v) in _PLAIN else freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenList([v if type(v) in _PLAIN else freeze(v) for v in value])
    return value
