"""Optional fields a record leaves out of its JSON when not given, so that records made before
those fields existed keep their exact bytes (the ledger hashes what it stores)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

JUDGE_KEY_FIELDS = ("public_key", "sealed_key")
"""A judge's key, since signatures: a registration without one is written as before them."""

APP_VERSION_FIELDS = ("app_version",)
"""The app's version a game was started with (since issue 32): a game started without one, as
by the engine alone or before versions were recorded, is written as before."""


def left_out(dumped: dict[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """`dumped` without each of `names` whose value is None."""
    for name in names:
        if dumped.get(name) is None:
            dumped.pop(name, None)
    return dumped
