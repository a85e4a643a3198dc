"""The child's report channel: typed, length-prefixed frames on one pipe.
L = layer probe (JSON, written before the snippet runs), C = the static check's verdict (JSON,
written right after L, before the snippet runs), P = PNG rendered by the harness, J = the final
report (JSON). Pure framing; the supervisor treats every byte as untrusted."""

from __future__ import annotations

import json
import os
import struct
from typing import Any


def write(fd: int, kind: bytes, payload: bytes | dict[str, Any] | list[Any]) -> None:
    if isinstance(payload, (dict, list)):
        payload = json.dumps(payload).encode()
    data = kind + struct.pack(">I", len(payload)) + payload
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def parse(buf: bytes | bytearray) -> tuple[list[tuple[bytes, bytes]], str | None]:
    """[(kind, bytes)] and an error string for trailing garbage (None when clean)."""
    out: list[tuple[bytes, bytes]] = []
    pos = 0
    while pos < len(buf):
        if pos + 5 > len(buf):
            return out, "truncated frame header"
        kind = bytes(buf[pos : pos + 1])
        (n,) = struct.unpack(">I", buf[pos + 1 : pos + 5])
        if kind not in (b"L", b"C", b"P", b"J") or pos + 5 + n > len(buf):
            return out, "malformed frame"
        out.append((kind, bytes(buf[pos + 5 : pos + 5 + n])))
        pos += 5 + n
    return out, None
