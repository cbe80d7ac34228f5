"""Make the shipped Noto fonts of resources/fonts/ from Debian's font packages (needs fontTools,
the dev extra): the Noto Sans, Arabic and Hebrew files copied as they are; Noto Sans Tamil with a
private-use code for each glyph no character maps to (its ligatures), and the text each glyph
stands for, so a PDF can carry Tamil names as text (ui/pdf_text.py); and a subset of Noto Sans
CJK SC holding the characters of Chinese names, converted to TrueType outlines.

Run it on a Debian (bookworm) machine, from the checkout:

    mkdir -p /tmp/noto && cd /tmp/noto
    apt-get download fonts-noto-core fonts-noto-cjk
    for f in *.deb; do dpkg-deb -x "$f" root; done
    cd - && .venv/bin/python packaging/make_fonts.py /tmp/noto/root

The same packages give the same bytes: the subset's characters come from Python's own codecs
(every GB2312 character, simplified; Big5's level-1 common hanzi, traditional), not from a list
kept here. The CJK subset is TrueType because Qt's PDF writer embeds a CFF (PostScript-outline)
font as a picture of its glyphs, not as text, so pdftotext could not give the names back.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

FONTS = Path(__file__).resolve().parent.parent / "resources" / "fonts"
NOTO = Path("usr/share/fonts/truetype/noto")
CJK = Path("usr/share/fonts/opentype/noto")
COPIED = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansArabic-Regular.ttf",
          "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf")
TAMIL_STYLES = ("Regular", "Bold")
TAMIL_FAMILY = "Noto Sans Tamil Names"
TAMIL_FILE = "NotoSansTamilNames-{style}.ttf"
TAMIL_TEXT = "NotoSansTamilNames.json"  # private-use code (hex) -> the characters it draws
# Qt's PDF writer maps a glyph back to text through the font's cmap, and only in the BMP: the
# ligatures get codes from the top of the BMP's private-use area, far from U+E000.
FIRST_CODE = 0xF600
# Regular only: a bold face would add 5.9 MB (3.4 MB in the wheel); Qt emboldens the regular one
# where a Chinese name is set in bold, on screen and in the PDF.
CJK_SOURCES = {"Regular": "NotoSansCJK-Regular.ttc"}
CJK_FACE = "Noto Sans CJK SC"
# A modified font takes a name of its own (OFL 1.1 clause 3 asks it where a name is reserved;
# here it also keeps a laptop's full Noto Sans CJK SC from being shadowed by the subset).
CJK_FAMILY = "Noto Sans CJK SC Names"
CJK_FILE = "NotoSansCJKSC-Names-{style}.ttf"
MAX_ERROR = 1.0  # font units (of 1000 per em): the quadratic curves' largest distance from CFF's


def double_byte(codec: str, leads: range, trails: range) -> set[str]:
    """Every character the two-byte codec `codec` decodes from a lead byte in `leads` followed
    by a trail byte in `trails` (byte pairs it has no character for are skipped)."""
    found: set[str] = set()
    for lead in leads:
        for trail in trails:
            try:
                found.add(bytes((lead, trail)).decode(codec))
            except UnicodeDecodeError:
                continue
    return found


def name_characters() -> set[str]:
    """The subset's characters: all of GB2312 (its 6,763 hanzi and its punctuation, kana and
    full-width forms) and Big5's level-1 hanzi (lead bytes A4-C6, the 5,401 common ones)."""
    gb2312 = double_byte("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
    big5 = double_byte("big5", range(0xA4, 0xC7), (*range(0x40, 0x7F), *range(0xA1, 0xFF)))
    return {c for c in gb2312 | big5 if ord(c) > 0x7F}


def cff_to_glyf(font: TTFont) -> None:
    """Replace `font`'s CFF outlines with TrueType (quadratic) ones, in place."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    font["maxp"].tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):
        setattr(font["maxp"], field, 1 if field == "maxZones" else 0)
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: nothing reads them, and 9,500 cost 100 kB
    font.sfntVersion = "\x00\x01\x00\x00"


def rename(font: TTFont, family: str, style: str) -> None:
    """Give a modified font its own family name in every name record that carries one."""
    full = f"{family} {style}" if style != "Regular" else family
    postscript = f"{family.replace(' ', '')}-{style}"
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (16, 17, 21, 22):  # typographic names: the plain ones say it all
            names.removeNames(nameID=record.nameID)
    for name_id, text in ((1, family), (2, style), (3, f"{postscript};subset"),
                          (4, full), (6, postscript)):
        names.setName(text, name_id, 3, 1, 0x409)
        names.setName(text, name_id, 1, 0, 0)


def glyph_texts(font: TTFont) -> dict[str, str]:
    """The characters each glyph stands for: its character in the cmap, else what the GSUB
    single and ligature substitutions make it from (to a fixed point)."""
    texts: dict[str, str] = {}
    for code, glyph in sorted(font.getBestCmap().items()):
        texts.setdefault(glyph, chr(code))
    tables = []
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for table in lookup.SubTable:
            tables.append(table.ExtSubTable if lookup.LookupType == 7 else table)
    changed = True
    while changed:
        changed = False
        for table in tables:
            made: list[tuple[str, str]] = []
            if table.LookupType == 1:
                made = [(out, texts[src]) for src, out in table.mapping.items() if src in texts]
            elif table.LookupType == 4:
                for first, ligatures in table.ligatures.items():
                    for lig in ligatures:
                        parts = [first, *lig.Component]
                        if all(part in texts for part in parts):
                            made.append((lig.LigGlyph, "".join(texts[p] for p in parts)))
            for glyph, text in made:
                if glyph not in texts:
                    texts[glyph] = text
                    changed = True
    return texts


def make_tamil(root: Path) -> dict[str, str]:
    """Noto Sans Tamil, each weight renamed and given a private-use code for every glyph no
    character maps to; returns the codes' text (the same for both weights)."""
    table: dict[str, str] = {}
    for style in TAMIL_STYLES:
        font = TTFont(str(root / NOTO / f"NotoSansTamil-{style}.ttf"))
        texts = glyph_texts(font)
        reached = set(font.getBestCmap().values())
        unmapped = sorted(g for g in font.getGlyphOrder() if g not in reached and g in texts)
        codes = {FIRST_CODE + n: glyph for n, glyph in enumerate(unmapped)}
        for sub in font["cmap"].tables:
            if sub.isUnicode():
                sub.cmap.update(codes)
        made = {f"{code:04X}": texts[glyph] for code, glyph in codes.items()}
        if table and made != table:
            raise SystemExit("the Tamil weights' ligatures differ: one table cannot serve both")
        table = made
        rename(font, TAMIL_FAMILY, style)
        font.recalcTimestamp = False
        out = FONTS / TAMIL_FILE.format(style=style)
        font.save(str(out))
        print(f"{out.name}: {out.stat().st_size:,} bytes, {len(codes)} ligatures coded")
    text = json.dumps(table, ensure_ascii=False, indent=0, sort_keys=True)
    (FONTS / TAMIL_TEXT).write_text(text + "\n", encoding="utf-8")
    return table


def make_cjk(root: Path, style: str, characters: set[str]) -> Path:
    """Subset the Simplified Chinese face of Noto Sans CJK `style` to `characters`, as TrueType."""
    collection = TTCollection(str(root / CJK / CJK_SOURCES[style]))
    font = next(f for f in collection.fonts if f["name"].getDebugName(1) == CJK_FACE)
    options = subset.Options()
    options.layout_features = ["vert", "vrt2", "locl", "kern", "palt", "halt"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.name_languages = [0x409]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in sorted(characters)])
    subsetter.subset(font)
    cff_to_glyf(font)
    rename(font, CJK_FAMILY, style)
    out = FONTS / CJK_FILE.format(style=style)
    font.recalcTimestamp = False  # the source's date stays: the same packages, the same bytes
    font.save(str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the shipped Noto fonts from Debian's packages unpacked under the folder given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="fonts-noto-core and fonts-noto-cjk unpacked here")
    args = parser.parse_args(argv)
    for name in COPIED:
        shutil.copyfile(args.root / NOTO / name, FONTS / name)
        print(f"{name}: {(FONTS / name).stat().st_size:,} bytes")
    make_tamil(args.root)
    characters = name_characters()
    print(f"CJK subset: {len(characters):,} characters")
    for style in CJK_SOURCES:
        out = make_cjk(args.root, style, characters)
        print(f"{out.name}: {out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
