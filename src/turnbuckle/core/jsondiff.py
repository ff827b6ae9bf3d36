"""Where two JSON values first differ, said in one line (a stored record against its replay)."""

from __future__ import annotations

import json


def first_difference(a: object, b: object, path: str = "record") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} items stored, {len(b)} replayed"
    return f"{path}: stored {json.dumps(a)[:60]}, replayed {json.dumps(b)[:60]}"
