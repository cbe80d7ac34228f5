"""Writes the clock's announcement sounds (resources/sounds/*.wav): plain tones, made here.

python -m ui.tools.make_sounds
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
FOLDER = Path(__file__).resolve().parents[2] / "resources" / "sounds"

# (frequency Hz, seconds) per note; 0 Hz is a rest. A chime for 15/10/5 minutes, a rising call
# for the last minute, a long low double tone for TIME: told apart without looking.
SOUNDS: dict[str, list[tuple[float, float]]] = {
    "announcement": [(880.0, 0.18), (0.0, 0.06), (660.0, 0.30)],
    "last-minute": [(660.0, 0.15), (0.0, 0.05), (880.0, 0.15), (0.0, 0.05), (1175.0, 0.35)],
    "time": [(440.0, 0.6), (0.0, 0.15), (330.0, 1.0)],
}


def samples(notes: list[tuple[float, float]]) -> bytes:
    """16-bit mono samples of the notes, each faded in and out so it does not click."""
    frames = bytearray()
    for frequency, seconds in notes:
        count = int(RATE * seconds)
        fade = min(count // 4, int(RATE * 0.02)) or 1
        for i in range(count):
            envelope = min(1.0, i / fade, (count - i) / fade)
            value = math.sin(2 * math.pi * frequency * i / RATE) if frequency else 0.0
            frames += struct.pack("<h", int(0.5 * 32767 * envelope * value))
    return bytes(frames)


def write(name: str, notes: list[tuple[float, float]], folder: Path = FOLDER) -> Path:
    """One sound as a WAV file."""
    path = folder / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples(notes))
    return path


if __name__ == "__main__":
    FOLDER.mkdir(parents=True, exist_ok=True)
    for sound, tune in SOUNDS.items():
        print(write(sound, tune))
