"""Frames between `orkas-mcp` and the kernel: one JSON object per line.

Client to kernel: `hello` (the credential and the client's name; first and only once),
`list`, `call` (a tool and its arguments, with the client's request id), `cancel`.
Kernel to client: `welcome` or `refused` (then the kernel closes), `tools`, `progress`,
`result`, and `closed` (the credential was revoked or the bridge stopped).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

# A cell's outputs with a few images fit; anything larger is refused, not buffered.
MAX_FRAME_BYTES = 32 * 1024 * 1024


class FrameError(Exception):
    """A frame that is not one JSON object, or is too large."""


def encode(message: dict[str, Any]) -> bytes:
    """One frame: compact JSON and a newline."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The object in one frame; `FrameError` for anything else."""
    try:
        value = json.loads(line)
    except ValueError as exc:
        raise FrameError(f"not JSON: {exc}") from None
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise FrameError("a frame must be a JSON object with a 'type'")
    return value


async def read_frame(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next frame, or None at the end of the stream."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as exc:
        if exc.partial.strip():
            raise FrameError("the stream ended inside a frame") from None
        return None
    except asyncio.LimitOverrunError:
        raise FrameError(f"a frame is larger than {MAX_FRAME_BYTES:,} bytes") from None
    return decode(line)
