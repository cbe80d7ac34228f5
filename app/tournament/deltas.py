"""A JSON document's change as a delta against the one before, and the delta applied: how the
hub keeps a tournament's versions (hub_versions.py) growing with the changes, not with the
document's size. Pure functions over JSON values.

A delta is one of: {"=": value} (the value replaced whole), {"o": {key: delta}, "-": [keys]}
(an object: its changed keys, its keys gone), {"a": length, "i": {index: delta}} (an array: its
new length and its changed or new items). A tournament's lists only grow or change an item in
place (a draw superseded), so a change is said in about its own size."""

from __future__ import annotations

from typing import Any

Json = Any  # a JSON value: dict, list, str, int, float, bool or None


def delta(before: Json, after: Json) -> Json | None:
    """What makes `before` into `after` (None: they are equal)."""
    if before == after:
        return None
    if isinstance(before, dict) and isinstance(after, dict):
        changed = {k: d for k, v in after.items()
                   if (d := delta(before[k], v) if k in before else {"=": v}) is not None}
        gone = [k for k in before if k not in after]
        return {"o": changed} | ({"-": gone} if gone else {})
    if isinstance(before, list) and isinstance(after, list):
        items = {}
        for i, v in enumerate(after):
            d = delta(before[i], v) if i < len(before) else {"=": v}
            if d is not None:
                items[str(i)] = d
        return {"a": len(after), "i": items}
    return {"=": after}


def patched(before: Json, change: Json | None) -> Json:
    """`before` with `change` (a `delta`) applied; `before` is not changed. Raises ValueError
    when the change does not fit the document (a delta of another version)."""
    if change is None:
        return before
    if not isinstance(change, dict):
        raise ValueError(f"not a delta: {change!r:.60}")
    if "=" in change:
        return change["="]
    if "o" in change:
        if not isinstance(before, dict):
            raise ValueError("an object's delta on a value that is not an object")
        out = dict(before)
        for key in change.get("-", ()):
            out.pop(key, None)
        for key, d in change["o"].items():
            out[key] = patched(before.get(key), d)
        return out
    if "a" in change:
        if not isinstance(before, list):
            raise ValueError("an array's delta on a value that is not an array")
        length = int(change["a"])
        out_list = list(before[:length]) + [None] * max(0, length - len(before))
        for index, d in change["i"].items():
            i = int(index)
            out_list[i] = patched(before[i] if i < len(before) else None, d)
        return out_list
    raise ValueError(f"not a delta: {change!r:.60}")
