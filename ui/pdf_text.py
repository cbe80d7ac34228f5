"""Tamil names in Qt's PDFs as text: Qt's writer maps each glyph back to one character of the
font's cmap, so a Tamil ligature (கு, ச், கீ) maps to nothing and a vowel drawn before its
consonant (செ) comes out before it. Each run of the shipped Tamil font is marked with the text it
draws (PDF ActualText, which pdftotext and screen readers read), in an update appended to the
file: the pages themselves are unchanged, and a PDF with no Tamil is not touched at all."""

from __future__ import annotations

import json
import re
import unicodedata
import zlib
from functools import cache
from pathlib import Path

from ui.fonts import FOLDER

TAMIL_FONT = b"NotoSansTamilNames-"  # the shipped Tamil font's PostScript names
PREBASE = frozenset("\u0bc6\u0bc7\u0bc8")  # ெ ே ை: drawn before the consonant they follow

_OBJECT = re.compile(rb"(\d+) 0 obj\s*")
_RUN = re.compile(rb"BT\n/(F\d+) [-\d.]+ Tf [^\n]*Tm\n(.*?)ET\n", re.S)
_GLYPH = re.compile(rb"<([0-9A-Fa-f]{4})> Tj")

__all__ = ["give_text", "logical"]


@cache
def _ligatures() -> dict[int, str]:
    """The private-use code of each Tamil ligature glyph -> the characters it draws."""
    table = json.loads((FOLDER / "NotoSansTamilNames.json").read_text(encoding="utf-8"))
    return {int(code, 16): text for code, text in table.items()}


def _last_xref(data: bytes) -> int:
    found = re.findall(rb"startxref\s+(\d+)", data[-1024:])
    if not found:
        raise ValueError("no startxref: not a whole PDF")
    return int(found[-1])


def logical(drawn: list[str]) -> str:
    """The text of glyphs in drawing order, in reading order: a vowel sign drawn before its
    consonant goes after it (a two-part vowel is joined again by NFC)."""
    out: list[str] = []
    pending = ""
    for text in drawn:
        if text in PREBASE and not pending:
            pending = text
            continue
        out.append(text + pending)
        pending = ""
    out.append(pending)
    return unicodedata.normalize("NFC", "".join(out))


class _Pdf:
    """The objects of a PDF as Qt writes it (one xref table, streams with a /Length)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.starts: dict[int, int] = {}
        table = re.search(rb"xref\s+(\d+) (\d+)\s+", data[int(_last_xref(data)):])
        if table is None:
            raise ValueError("no cross-reference table Qt would write")
        at = _last_xref(data) + table.end()
        for number in range(int(table.group(1)), int(table.group(1)) + int(table.group(2))):
            offset, _, kind = data[at:at + 20].split()[:3]
            at += 20
            if kind == b"n":  # the object's header, then its body
                header = _OBJECT.match(data, int(offset))
                if header is None or int(header.group(1)) != number:
                    raise ValueError(f"PDF object {number} is not where the table says")
                self.starts[number] = header.end()

    def body(self, number: int) -> bytes:
        start = self.starts[number]
        end = self.data.index(b"endobj", start)
        return self.data[start:end]

    def stream(self, number: int) -> bytes:
        body = self.body(number)
        head = body[:body.index(b"stream")]
        length = re.search(rb"/Length (\d+)( 0 R)?", head)
        if length is None:
            raise ValueError(f"PDF object {number} has no /Length")
        size = int(length.group(1))
        if length.group(2):
            size = int(self.body(size).strip())
        begin = self.starts[number] + body.index(b"stream") + len(b"stream")
        begin += 2 if self.data[begin:begin + 2] == b"\r\n" else 1
        raw = self.data[begin:begin + size]
        return zlib.decompress(raw) if b"/FlateDecode" in head else raw

    def ref(self, body: bytes, key: bytes) -> int | None:
        found = re.search(rb"/" + key + rb" (\d+) 0 R", body)
        return int(found.group(1)) if found else None


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """Glyph -> text from a ToUnicode CMap's bfrange lines, as Qt writes them: a range onto
    consecutive characters, or onto an array of them."""
    def text(hexed: bytes) -> str:
        return bytes.fromhex(hexed.decode()).decode("utf-16-be")

    found: dict[int, str] = {}
    for first, last, dest, array in re.findall(
            rb"<([0-9A-Fa-f]+)> <([0-9A-Fa-f]+)> (?:<([0-9A-Fa-f]+)>|\[([^\]]*)\])", cmap):
        glyphs = range(int(first, 16), int(last, 16) + 1)
        if array:
            found.update(zip(glyphs, map(text, re.findall(rb"<([0-9A-Fa-f]+)>", array)),
                             strict=False))
        else:
            base = text(dest)
            found.update((g, base[:-1] + chr(ord(base[-1]) + n)) for n, g in enumerate(glyphs))
    ligatures = _ligatures()
    # Qt takes the first character that maps to a glyph: a tab before the space, say.
    return {g: "".join(" " if unicodedata.category(c) == "Cc" else ligatures.get(ord(c), c)
                       for c in t) for g, t in found.items() if g}


def _tamil_fonts(pdf: _Pdf, resources: bytes) -> dict[bytes, dict[int, str]]:
    """A page's resource names of the shipped Tamil font -> its glyphs' text."""
    fonts: dict[bytes, dict[int, str]] = {}
    for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", resources):
        body = pdf.body(int(number))
        to_unicode = pdf.ref(body, b"ToUnicode")
        if TAMIL_FONT in body and to_unicode is not None:
            fonts[name] = _to_unicode(pdf.stream(to_unicode))
    return fonts


def _marked(content: bytes, fonts: dict[bytes, dict[int, str]]) -> bytes:
    """The page's content with each run of a Tamil font marked with its text."""
    def mark(run: re.Match[bytes]) -> bytes:
        glyphs = fonts.get(run.group(1))
        if glyphs is None:
            return run.group(0)
        ops = run.group(2).split(b"/Span", 1)[0]  # a synthesized bold's second pass says nothing
        text = logical([glyphs.get(int(g, 16), "") for g in _GLYPH.findall(ops)])
        actual = ("\ufeff" + text).encode("utf-16-be").hex().upper().encode()
        head = run.group(0)[:run.start(2) - run.start(0)]
        return head + b"/Span << /ActualText <" + actual + b"> >> BDC\n" + run.group(2) + b"EMC\nET\n"
    return _RUN.sub(mark, content)


def give_text(path: Path) -> bool:
    """Mark the Tamil runs of the PDF at `path` with their text, in an update appended to it;
    True if the file had any. A PDF without the shipped Tamil font is left as it is, and so is
    one not laid out as Qt writes it (its pages print the same; only pdftotext reads less)."""
    data = path.read_bytes()
    if TAMIL_FONT not in data or data.count(b"%%EOF") > 1:  # no Tamil, or marked already
        return False
    try:
        pdf = _Pdf(data)
    except ValueError:
        return False
    changed: dict[int, bytes] = {}
    for number in list(pdf.starts):
        body = pdf.body(number)
        if not re.search(rb"/Type /Page\b", body):
            continue
        contents, resources = pdf.ref(body, b"Contents"), pdf.ref(body, b"Resources")
        if contents is None or resources is None:
            continue
        fonts = _tamil_fonts(pdf, pdf.body(resources))
        if fonts:
            changed[contents] = _marked(pdf.stream(contents), fonts)
    if not changed:
        return False
    _append(path, data, changed)
    return True


def _append(path: Path, data: bytes, changed: dict[int, bytes]) -> None:
    """Write the changed streams as a PDF incremental update (new objects, xref, trailer)."""
    trailer = data[data.rindex(b"trailer"):]
    size = re.search(rb"/Size (\d+)", trailer)
    prev = re.search(rb"startxref\s+(\d+)", trailer)
    if size is None or prev is None:
        raise ValueError(f"{path}: no trailer Qt would write")
    keep = b"".join(re.findall(rb"(/(?:Root|Info) \d+ 0 R)", trailer))
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    offsets: dict[int, int] = {}
    for number, content in sorted(changed.items()):
        packed = zlib.compress(content)
        offsets[number] = len(out)
        out += (f"{number} 0 obj\n<<\n/Length {len(packed)}\n/Filter /FlateDecode\n>>\nstream\n"
                .encode() + packed + b"\nendstream\nendobj\n")
    xref = len(out)
    out += b"xref\n0 1\n0000000000 65535 f \n"  # the free list's head, as a first section has
    for number, offset in offsets.items():
        out += f"{number} 1\n{offset:010d} 00000 n \n".encode()
    out += (b"trailer\n<<\n/Size " + size.group(1) + b"\n" + keep + b"\n/Prev " + prev.group(1)
            + f"\n>>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(bytes(out))
