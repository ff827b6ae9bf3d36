"""Bundled samples: the ``samples/*.yaml`` files shipped inside a ruleset's package."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources

from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.registry import Sample


def notes_of(data: object) -> str:
    """The one-line summary of a sample: its ``notes`` field."""
    return str(data.get("notes", "")) if isinstance(data, dict) else ""


@cache
def _load(package: str, summary_of: Callable[[object], str]) -> tuple[Sample, ...]:
    folder = resources.files(package) / "samples"
    out = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".yaml"):
            text = entry.read_text(encoding="utf-8")
            out.append(Sample(entry.name.removesuffix(".yaml"), summary_of(parse_yaml(text, entry.name)), text))
    return tuple(out)


def bundled_samples(package: str, summary_of: Callable[[object], str] = notes_of) -> tuple[Sample, ...]:
    """The samples of ``package`` (e.g. ``turnbuckle.rulesets.boxing``), sorted by id; the id is the
    file name without ``.yaml``. Read once and cached."""
    return _load(package, summary_of)
