"""The clock's sounds: a chime per announcement and a call at TIME, silent without an audio output."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QUrl, Signal, qInstallMessageHandler

import resources
from ui.system_check import sounds_off

FOLDER = Path(resources.__file__).resolve().parent / "sounds"


def sound_for(what: int | str) -> str:
    """The sound for an announcement (minutes left) or for "time"."""
    if what == "time":
        return "time"
    if what == 1:
        return "last-minute"
    if isinstance(what, int) and what > 0:
        return "announcement"
    raise ValueError(f"no sound for {what!r}")


class Sounds(QObject):
    """Plays the sound chosen for each announcement; `chosen(str)` and `last` say which, whether
    or not it could be heard (`audible` is False where there is no audio output)."""

    chosen = Signal(str)

    def __init__(self, parent: QObject | None = None, *, audio: bool = True) -> None:
        super().__init__(parent)
        self.last: str | None = None
        self.audio = audio
        # Why the sounds are off when Qt Multimedia cannot load (a missing system library).
        self.problem: str | None = None
        self._effects: dict[str, Any] | None = None if audio else {}

    @property
    def audible(self) -> bool:
        """Whether the sounds can be heard (loads Qt Multimedia on first asking)."""
        return bool(self.prepare())

    def prepare(self) -> dict[str, Any]:
        """Load the sounds (Qt Multimedia, the audio output): once, after the window is up,
        so the first paint does not wait for it; the first sound played loads them if not."""
        if self._effects is None:
            self._effects = _effects(self)
        return self._effects

    def play(self, what: int | str) -> str:
        """Sound `what` (minutes left, or "time"); returns the sound's name."""
        name = sound_for(what)
        self.last = name
        self.chosen.emit(name)
        effect = self.prepare().get(name)
        if effect is not None:
            effect.play()
        return name


def _effects(parent: Sounds) -> dict[str, Any]:
    """A sound effect per file, or nothing where Qt Multimedia or an audio output is missing.

    Qt Multimedia logs warnings while it looks for audio libraries and servers that a machine
    may not have (pipewire, PulseAudio, VA-API); those are kept quiet here, and only here."""
    previous = qInstallMessageHandler(None)

    def quiet(mode: Any, context: Any, message: str) -> None:
        noisy = (context.category or "").startswith("qt.multimedia") or message.startswith(
            "PulseAudioService")
        if not noisy and previous is not None:
            previous(mode, context, message)

    qInstallMessageHandler(quiet)
    try:
        try:
            from PySide6.QtMultimedia import QMediaDevices, QSoundEffect  # noqa: PLC0415
        except ImportError as e:  # PySide6-Addons missing, or Debian's libpulse0 (see README)
            parent.problem = sounds_off(e)
            return {}
        output = QMediaDevices.defaultAudioOutput() if QMediaDevices.audioOutputs() else None
        if output is None:
            return {}
        effects = {}
        for path in sorted(FOLDER.glob("*.wav")):
            effect = QSoundEffect(output, parent)
            effect.setSource(QUrl.fromLocalFile(str(path)))
            effects[path.stem] = effect
        return effects
    finally:
        qInstallMessageHandler(previous)
