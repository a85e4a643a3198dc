"""PNG bytes, judged by the supervisor itself: the IHDR chunk says what the image is, whatever
the snippet or matplotlib claim. Pure functions, no I/O."""

from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def parse(data: bytes) -> tuple[dict[str, int], None] | tuple[None, str]:
    """(info, None) for a complete PNG, else (None, reason). info: width, height, bitDepth,
    colorType, length (bytes up to and including IEND)."""
    if not data.startswith(SIGNATURE):
        return None, "no PNG signature"
    pos = len(SIGNATURE)
    info: dict[str, int] | None = None
    while True:
        if pos + 8 > len(data):
            return None, "truncated before IEND"
        length, ctype = struct.unpack(">I4s", data[pos : pos + 8])
        end = pos + 8 + length + 4
        if end > len(data):
            return None, "truncated chunk"
        body = data[pos + 8 : pos + 8 + length]
        crc = struct.unpack(">I", data[pos + 8 + length : end])[0]
        if zlib.crc32(ctype + body) & 0xFFFFFFFF != crc:
            return None, f"bad CRC in {ctype.decode('latin-1')!r} chunk"
        if info is None:
            if ctype != b"IHDR" or length != 13:
                return None, "first chunk is not IHDR"
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
            if w == 0 or h == 0 or depth not in (1, 2, 4, 8, 16) or color not in (0, 2, 3, 4, 6):
                return None, "IHDR holds impossible values"
            info = {"width": w, "height": h, "bitDepth": depth, "colorType": color}
        pos = end
        if ctype == b"IEND":
            info["length"] = pos
            return info, None


def split_stream(data: bytes) -> tuple[list[tuple[bytes, dict[str, int]]], bytes, list[str]]:
    """Separate PNGs from text in a byte stream (prints before, between or after savefig to
    stdout are harmless). Returns (pngs as [(bytes, info)], text bytes, notes)."""
    pngs: list[tuple[bytes, dict[str, int]]] = []
    text, notes = bytearray(), []
    pos = 0
    while True:
        at = data.find(SIGNATURE, pos)
        if at < 0:
            text += data[pos:]
            break
        text += data[pos:at]
        info, why = parse(data[at:])
        if info is None:
            notes.append(f"stdout held a PNG signature but not a valid PNG ({why}); refused")
            pos = at + len(SIGNATURE)
            continue
        pngs.append((bytes(data[at : at + info["length"]]), info))
        pos = at + info["length"]
    return pngs, bytes(text), notes
