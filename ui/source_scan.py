"""PySide6's look at the source of every module imported after it, answered from the module's
package instead (issue 31: opening a game).

Once PySide6 is imported, its import hook (shiboken's `shibokensupport.feature`) asks of every
module imported later whether it uses PySide: it reads the module's whole source and searches
it for "PySide6" (`_mod_uses_pyside`). The answer only chooses the module's default for
PySide's optional `__feature__` switches (snake_case, true_property), which this app never
turns on. Opening a game imports some 500 modules after PySide6 (the ledger's SQLAlchemy, the
pydantic models, the table window): the reading cost 50-70 ms of CPU there, and left every
source in `linecache` (8 MB).

`skip()` imports PySide6 (which installs the hook) and from then on answers the question from
the module's name: the app's windows (`ui`, the only
package of the app that imports Qt: `ui → app → models`, held by import-linter) and Qt's own
packages use PySide; nothing else the app imports does. With no switch turned on anywhere,
either answer selects the same (no) feature for every module."""

from __future__ import annotations

import sys
from types import ModuleType

HOOK = "shibokensupport.feature"
QT_USERS = frozenset({"ui", "PySide6", "shiboken6"})


def uses_qt(module: ModuleType) -> bool:
    """Whether `module` uses PySide, known from the package it belongs to."""
    name = getattr(module, "__name__", None)
    return isinstance(name, str) and name.partition(".")[0] in QT_USERS


def skip() -> bool:
    """Import PySide6, then answer its hook's question by `uses_qt` from now on, without reading
    any source. Returns whether the hook was found (a PySide6 without it: nothing done). Raises
    ImportError when PySide6 cannot be imported (a missing Qt library)."""
    import PySide6  # noqa: F401, PLC0415 (the package's import installs the hook)

    feature = sys.modules.get(HOOK)
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = uses_qt  # type: ignore[attr-defined]
    return True
