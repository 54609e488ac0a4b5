"""Just enough PNG reading (8-bit RGB/RGBA, no interlace) to tell a rendered page from a
blank one, with the standard library only."""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache
from pathlib import Path


def pixels(path: Path) -> tuple[int, int, list[bytes]]:
    """``(width, height, rows)``; each row holds ``width * channels`` bytes. A file is
    decoded once while it stays the same (a test reads one screenshot several times)."""
    stat = path.stat()
    return _decode(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _decode(path: Path, mtime_ns: int, size: int) -> tuple[int, int, list[bytes]]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and not interlace, (depth, color, interlace)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytes(stride)
    for y in range(height):
        line = raw[y * (stride + 1): (y + 1) * (stride + 1)]
        cur = _unfilter(line[0], bytearray(line[1:]), prev, channels)
        rows.append(cur)
        prev = cur
    return width, height, rows


def _unfilter(kind: int, cur: bytearray, prev: bytes, channels: int) -> bytes:
    """Undo one row's PNG filter (0 none, 1 sub, 2 up, 3 average, 4 Paeth)."""
    if kind == 0:
        return bytes(cur)
    if kind == 2:  # the common one, done in one pass over whole rows
        return bytes((a + b) & 0xFF for a, b in zip(cur, prev, strict=True))
    if kind == 1:
        for i in range(channels, len(cur)):
            cur[i] = (cur[i] + cur[i - channels]) & 0xFF
    elif kind == 3:
        for i in range(len(cur)):
            a = cur[i - channels] if i >= channels else 0
            cur[i] = (cur[i] + (a + prev[i]) // 2) & 0xFF
    elif kind == 4:
        for i in range(len(cur)):
            if i < channels:  # a and c are 0 here, so Paeth picks b
                cur[i] = (cur[i] + prev[i]) & 0xFF
                continue
            a, b, c = cur[i - channels], prev[i], prev[i - channels]
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
    return bytes(cur)


def ink(path: Path, x0: float = 0.0, x1: float = 1.0, y0: float = 0.0, y1: float = 1.0,
        step: int = 4) -> float:
    """The share of sampled pixels in the box (fractions of the size) that are not white."""
    width, height, rows = pixels(path)
    channels = len(rows[0]) // width
    marked = total = 0
    for y in range(int(y0 * height), int(y1 * height), step):
        row = rows[y]
        for x in range(int(x0 * width), int(x1 * width), step):
            px = row[x * channels: x * channels + 3]
            total += 1
            marked += min(px) < 235
    return marked / total if total else 0.0
