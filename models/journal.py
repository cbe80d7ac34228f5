"""The undo journal: what `apply` changed while a decision was worked out on the live state."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

_MISSING = object()


class Journal:
    """Before-images of everything `apply` changes in place, taken the first time it changes it:
    the state's own fields (all at once, when the journal opens), the players, deeds, auction and
    clock it changes field by field, and the entries of the dictionaries it changes key by key.
    Lists are never changed in place by `apply` (it replaces them), so the fields cover them."""

    __slots__ = ("_fields", "_keys", "_parts")

    def __init__(self, fields: dict[str, Any]) -> None:
        self._fields = dict(fields)
        self._parts: dict[int, tuple[Any, Any]] = {}
        self._keys: list[tuple[MutableMapping[Any, Any], Any, Any]] = []

    def keep(self, part: Any) -> None:
        """Remember `part` (a player, deed, auction or clock: each has `clone` and `restore`) as
        it is, before it changes."""
        if id(part) not in self._parts:  # the part is held below, so its id stays its own
            self._parts[id(part)] = (part, part.clone())

    def keep_key(self, mapping: MutableMapping[Any, Any], key: Any) -> None:
        """Remember the entry `key` of `mapping` (or that it had none), before it changes."""
        self._keys.append((mapping, key, mapping.get(key, _MISSING)))

    def undo(self) -> dict[str, Any]:
        """Put the parts and entries back as they were when the journal opened (in place: same
        objects), and return the state's fields as they were then, for the state to take back."""
        for mapping, key, old in reversed(self._keys):
            if old is _MISSING:
                mapping.pop(key, None)
            else:
                mapping[key] = old
        for part, before in self._parts.values():
            part.restore(before)
        return self._fields
