"""The ``typer_click`` workaround: the argument parser's errors told apart by their classes.

typer (from 0.26) carries its own copy of click as the private ``typer._click`` and exports only a
few of its exceptions. :func:`is_a` checks an exception against the class of that name there. Off
(another typer, or switched off: core/workarounds), it goes by the class names along the
exception's ancestry instead, which takes any exception so named, from any library, for one.
"""

from __future__ import annotations

from importlib import import_module

from turnbuckle.core.workarounds import active


def is_a(exc: BaseException, kind: str) -> bool:
    """Whether ``exc`` is the parser's exception ``kind`` (``UsageError``, ``NoSuchOption``...)."""
    if active("typer_click"):
        exceptions = import_module("typer._click.exceptions")
        return isinstance(exc, getattr(exceptions, kind))
    return any(k.__name__ == kind for k in type(exc).__mro__)
