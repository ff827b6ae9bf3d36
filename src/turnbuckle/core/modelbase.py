"""The base of the games' sheet models: pydantic's where pydantic is installed (the server, the
command line: every sheet a person writes is validated there), a plain value class where it is
not (the rules running in the page, under Pyodide, whose packages hold no pydantic-core).

The sheets reach the page as the JSON the server's validated sheets give (``Ruleset.side_json``),
so the plain class does not validate: it builds the same frozen value from that JSON (nested
models, tuples, whole-number keys), runs the models' own field validators (which normalise, as a
bare headlock grapple name does), and dumps it back as pydantic would. The class statements stay
one source, read by both; ``turnbuckle.page`` is the page's way in.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

try:
    import pydantic  # the server's validation; absent in the page
except ImportError:
    pydantic = None  # type: ignore[assignment]

#: Whether the models here are the plain values (no pydantic to validate with).
PLAIN = pydantic is None


class _FieldInfo:
    """What ``Field(...)`` says that the plain values need: a default and an alias."""

    def __init__(self, default: object = ..., *, alias: str | None = None,
                 default_factory: Callable[[], object] | None = None, **_checks: object) -> None:
        self.default = default
        self.alias = alias
        self.default_factory = default_factory

    def make_default(self) -> object:
        if self.default_factory is not None:
            return self.default_factory()
        return _copy_default(self.default)


def _copy_default(value: object) -> object:
    return type(value)(value) if isinstance(value, (list, dict, set)) else value


class _Marker:
    """``Strict()``, ``AfterValidator(f)``: metadata the plain values keep only to run validators."""

    def __init__(self, func: Callable[[Any], Any] | None = None, **_kw: object) -> None:
        self.func = func


class _Validator:
    """A ``field_validator`` as declared on a model: its fields, mode and function."""

    def __init__(self, fields: tuple[str, ...], mode: str, func: Any) -> None:
        self.fields, self.mode, self.func = fields, mode, func

    def __call__(self, cls: type, value: object) -> object:
        func = self.func
        if isinstance(func, classmethod):
            return func.__func__(cls, value)
        return func(value)


def _field_validator(*fields: str, mode: str = "after", **_kw: object) -> Callable[[Any], _Validator]:
    return lambda func: _Validator(fields, mode, func)


class _PlainError(ValueError):
    """Never raised: the plain values do not validate (pydantic's ValidationError stands here)."""


class _ClassProperty:
    """``Model.model_fields``: the fields' infos by name, read on the class."""

    def __get__(self, obj: object, cls: type[_PlainModel]) -> dict[str, _FieldInfo]:
        return {name: info for name, (_, info) in cls._fields().items()}


class _PlainModel:
    """A frozen value with the fields its class annotates, built from validated JSON."""

    model_config: typing.ClassVar[dict[str, object]] = {}
    __plain_fields__: typing.ClassVar[dict[str, tuple[Any, _FieldInfo]] | None] = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__()
        cls.__plain_fields__ = None

    @classmethod
    def _fields(cls) -> dict[str, tuple[Any, _FieldInfo]]:
        found = cls.__dict__.get("__plain_fields__")
        if found is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            found = {}
            for name, hint in hints.items():
                if name.startswith("_") or typing.get_origin(hint) is typing.ClassVar or name == "model_config":
                    continue
                given = getattr(cls, name, ...)
                info = given if isinstance(given, _FieldInfo) else _FieldInfo(given)
                for meta in getattr(hint, "__metadata__", ()):
                    if isinstance(meta, _FieldInfo) and meta.alias is not None:
                        info.alias = meta.alias
                found[name] = (hint, info)
            cls.__plain_fields__ = found
        return found

    @classmethod
    def _validators(cls, name: str, mode: str) -> list[_Validator]:
        return [v for klass in reversed(cls.__mro__) for v in vars(klass).values()
                if isinstance(v, _Validator) and name in v.fields and v.mode == mode]

    def __init__(self, **data: object) -> None:
        for name, (hint, info) in self._fields().items():
            if name in data:
                value = data[name]
            elif info.alias is not None and info.alias in data:
                value = data[info.alias]
            elif info.default is not ... or info.default_factory is not None:
                object.__setattr__(self, name, info.make_default())
                continue
            else:
                raise TypeError(f"{type(self).__name__}: the field '{name}' is missing from the validated data")
            for v in self._validators(name, "before"):
                value = v(type(self), value)
            value = _decode(hint, value)
            for v in self._validators(name, "after"):
                value = v(type(self), value)
            object.__setattr__(self, name, value)

    @classmethod
    def model_validate(cls, data: object) -> Any:
        if isinstance(data, cls):
            return data
        if not isinstance(data, dict):
            raise TypeError(f"{cls.__name__} is built from a mapping, got a {type(data).__name__}")
        return cls(**data)

    @classmethod
    def model_validate_json(cls, text: str) -> Any:
        return cls.model_validate(json.loads(text))

    model_fields = _ClassProperty()

    def __setattr__(self, name: str, value: object) -> None:
        if self.model_config.get("frozen"):
            raise TypeError(f"a {type(self).__name__} is frozen")
        object.__setattr__(self, name, value)

    def model_copy(self, update: dict[str, object] | None = None) -> Any:
        copy = object.__new__(type(self))
        for name in self._fields():
            object.__setattr__(copy, name, getattr(self, name))
        for name, value in (update or {}).items():
            object.__setattr__(copy, name, value)
        return copy

    def model_dump(self, *, mode: str = "python", by_alias: bool = False, exclude_defaults: bool = False,
                   exclude_none: bool = False, **_kw: object) -> dict[str, Any]:
        how = {"mode": mode, "by_alias": by_alias, "exclude_defaults": exclude_defaults, "exclude_none": exclude_none}
        out: dict[str, Any] = {}
        for name, (_, info) in self._fields().items():
            value = getattr(self, name)
            if exclude_none and value is None:
                continue
            if exclude_defaults and (info.default is not ... or info.default_factory is not None) \
                    and value == info.make_default():
                continue
            out[info.alias if by_alias and info.alias else name] = _dump(value, how)
        return out

    def model_dump_json(self, **kw: Any) -> str:
        return json.dumps(self.model_dump(mode="json", **kw), ensure_ascii=False, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, n) == getattr(other, n) for n in self._fields())

    def __hash__(self) -> int:
        return hash((type(self), *(_hashable(getattr(self, n)) for n in self._fields())))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields())
        return f"{type(self).__name__}({inner})"


def _hashable(value: object) -> object:
    if isinstance(value, dict):
        return tuple(value.items())
    if isinstance(value, list):
        return tuple(value)
    return value


def _dump(value: object, how: dict[str, Any]) -> object:
    as_json = how["mode"] == "json"
    if isinstance(value, _PlainModel):
        return value.model_dump(**how)
    if isinstance(value, dict):
        return {(str(k) if as_json else k): _dump(v, how) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [_dump(v, how) for v in value]
        return items if as_json or isinstance(value, list) else tuple(items)
    return value


def _decode(hint: Any, value: object) -> object:
    """``value`` (JSON) as the annotated type: nested models, tuples, whole-number keys."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner = typing.get_args(hint)
        value = _decode(inner[0], value)
        for meta in hint.__metadata__:
            if isinstance(meta, _Marker) and meta.func is not None:
                value = meta.func(value)
        return value
    if isinstance(hint, type) and issubclass(hint, _PlainModel):
        return hint.model_validate(value)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        for arg in typing.get_args(hint):
            if arg is type(None):
                continue
            if _fits(arg, value):
                return _decode(arg, value)
        return value
    args = typing.get_args(hint)
    if origin is tuple and isinstance(value, (list, tuple)):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in value)
        return tuple(_decode(a, v) for a, v in zip(args, value, strict=False)) if args else tuple(value)
    if origin is list and isinstance(value, (list, tuple)):
        return [_decode(args[0], v) for v in value] if args else list(value)
    if origin is dict and isinstance(value, dict):
        key_type, value_type = args if args else (Any, Any)
        return {_key(key_type, k): _decode(value_type, v) for k, v in value.items()}
    return value


def _key(hint: Any, key: object) -> object:
    base = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
    return int(key) if base is int and isinstance(key, str) else key


def _fits(hint: Any, value: object) -> bool:
    base = typing.get_args(hint)[0] if typing.get_origin(hint) is typing.Annotated else hint
    origin = typing.get_origin(base)
    if isinstance(base, type) and issubclass(base, _PlainModel):
        return isinstance(value, (dict, base))
    if origin in (tuple, list):
        return isinstance(value, (list, tuple))
    if origin is dict:
        return isinstance(value, dict)
    if origin is typing.Literal:
        return value in typing.get_args(base)
    if isinstance(base, type):
        return isinstance(value, base) and not (base is int and isinstance(value, bool))
    return True


if TYPE_CHECKING or pydantic is not None:
    from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, ValidationError, field_validator
else:
    BaseModel = _PlainModel
    ConfigDict = dict
    Field = _FieldInfo
    Strict = _Marker
    AfterValidator = _Marker
    ValidationError = _PlainError
    field_validator = _field_validator

__all__ = ["PLAIN", "AfterValidator", "BaseModel", "ConfigDict", "Field", "Strict", "ValidationError",
           "field_validator"]
