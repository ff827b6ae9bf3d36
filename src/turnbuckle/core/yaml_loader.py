"""The bounded YAML loader behind ``core.inputs.parse_yaml`` (imported on first use, so the modules
that play a match import no YAML library): see that module's notes for what it refuses."""

from __future__ import annotations

from typing import Any

import yaml

from turnbuckle.core.inputs import MAX_DEPTH, MAX_INT_DIGITS, describe_char, hostile_char, printable


class Problem(yaml.YAMLError):
    """A refusal of ours, at a place in the document."""

    def __init__(self, problem: str, mark: Any, refused: bool = True) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark
        self.refused = refused


class BoundedLoader(yaml.SafeLoader):
    """A safe loader (no arbitrary objects) that refuses aliases, nesting deeper than
    ``MAX_DEPTH``, huge whole numbers, hostile characters in values and a key given twice in one
    mapping (YAML would silently keep the last)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event: Any = self.peek_event()  # type: ignore[no-untyped-call]
            raise Problem(f"the alias '*{event.anchor}' repeats another part of the document; YAML aliases "
                           "are not read here: write the value out", event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise Problem(f"nested more than {MAX_DEPTH} levels deep", mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_scalar(self, node: Any) -> Any:
        value = super().construct_scalar(node)
        found = hostile_char(value) if isinstance(value, str) else None
        if found is not None:
            raise Problem(f"a value holds {describe_char(found[1])}; remove it", node.start_mark)
        return value

    def construct_yaml_int(self, node: Any) -> int:
        text = str(self.construct_scalar(node))
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_INT_DIGITS or len(text) > 4 * MAX_INT_DIGITS:
            raise Problem(f"a number of {digits} digits; numbers here have at most {MAX_INT_DIGITS}",
                           node.start_mark)
        return int(super().construct_yaml_int(node))

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:  # an unhashable key; the base constructor reports it
                break
            if duplicate:
                raise Problem(f"the key '{printable(str(key))[:60]}' is given twice; keep one", key_node.start_mark,
                               refused=False)
            seen.add(key)
        return dict(super().construct_mapping(node, deep))

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError, TypeError) as exc:  # e.g. a date 2024-13-45
            if isinstance(exc, yaml.YAMLError):
                raise
            raise Problem(f"a value YAML cannot read ({printable(str(exc))[:80]})", node.start_mark,
                           refused=False) from None


BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_yaml_int)
