"""Each problem shown next to a field is tied to that field for screen readers: the field gets
``aria-invalid="true"`` and ``aria-describedby`` naming the problem's id.

Templates mark a field's problem with ``data-field="NAME"`` (``_form.html``'s ``problems`` macro
does): the control it belongs to is the one named NAME nearest before it (a problem sits under its
field), else the first after it. Done once on the rendered page (``deps.render``), so every form
that shows a refusal is covered without each template spelling the attributes out.
"""

from __future__ import annotations

import re

_MARK = re.compile(r'<(?:p|ul|div|span)\b[^>]*\bdata-field="([^"<>]+)"[^>]*>')
_CLASS_PROBLEM = re.compile(r'\bclass="[^"]*\bproblem\b[^"]*"')
_ID = re.compile(r'\bid="([^"]+)"')
_CONTROL = re.compile(r'<(?:input|select|textarea)\b[^>]*>')
_HIDDEN = re.compile(r'\btype="hidden"|\shidden(?=[\s/>=])')
_DESCRIBED = re.compile(r'\saria-describedby="([^"]*)"')


def _name_of(tag: str) -> str | None:
    found = re.search(r'\bname="([^"]*)"', tag)
    return found.group(1) if found else None


def tie_problems(html: str) -> str:
    """``html`` with each marked problem given an id (where it has none) and its field pointing at it."""
    if 'data-field="' not in html:
        return html
    controls = [(m.start(), m.end(), _name_of(m.group(0))) for m in _CONTROL.finditer(html)
                if not _HIDDEN.search(m.group(0))]
    edits: dict[int, tuple[int, str]] = {}  # start -> (end, new tag)
    described: dict[int, list[str]] = {}  # a control's start -> the problem ids naming it
    taken = set(_ID.findall(html))
    for mark in _MARK.finditer(html):
        tag, field = mark.group(0), mark.group(1)
        if not _CLASS_PROBLEM.search(tag):
            continue
        named = [c for c in controls if c[2] == field]
        if not named:
            continue
        before = [c for c in named if c[1] <= mark.start()]
        control = before[-1] if before else named[0]
        has_id = _ID.search(tag)
        if has_id:
            ident = has_id.group(1)
        else:
            ident, n = f"problem-{field}", 1
            while ident in taken:
                n += 1
                ident = f"problem-{field}-{n}"
            taken.add(ident)
            space = tag.index(" ")  # after the tag's name: the rest of the tag reads as before
            edits[mark.start()] = (mark.end(), f'{tag[:space]} id="{ident}"{tag[space:]}')
        described.setdefault(control[0], []).append(ident)
    for start, end, _name in controls:
        if start not in described:
            continue
        tag = html[start:end]
        ids = described[start]
        old = _DESCRIBED.search(tag)
        if old:
            tag = tag[:old.start()] + tag[old.end():]
            ids = [*old.group(1).split(), *ids]
        close = "/>" if tag.endswith("/>") else ">"
        tag = tag[: -len(close)].rstrip() + f' aria-invalid="true" aria-describedby="{" ".join(ids)}"{close}'
        edits[start] = (end, tag)
    out: list[str] = []
    last = 0
    for start in sorted(edits):
        end, tag = edits[start]
        out.extend((html[last:start], tag))
        last = end
    out.append(html[last:])
    return "".join(out)
