"""Plain text: decoding in the file's own encoding, NUL sniffing, image magic numbers."""

from __future__ import annotations

SNIFF_BYTES = 8192
IMAGE_TYPES = {
    b"\x89PNG\r\n\x1a\n": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
    b"GIF87a": "image/gif",
    b"GIF89a": "image/gif",
}


def image_type(data: bytes) -> str | None:
    """The media type when `data` starts like a PNG, JPEG, GIF or WebP image."""
    for magic, media in IMAGE_TYPES.items():
        if data.startswith(magic):
            return media
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def has_nul_bytes(data: bytes) -> bool:
    """True when the first `SNIFF_BYTES` hold a NUL byte: text in any 8-bit encoding has none."""
    return b"\x00" in data[:SNIFF_BYTES]


def decode_plain(data: bytes) -> tuple[str, str] | None:
    """(text, encoding) for text bytes, or None when they look binary.

    UTF-8 first; UTF-16 only with a BOM; otherwise Latin-1 when almost no control characters
    appear (Latin-1 maps every byte, so an edit writes back exactly the bytes it did not touch).
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            return None
    if has_nul_bytes(data):
        return None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    head = data[:SNIFF_BYTES]
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13, 27, 8))
    if head and controls / len(head) > 0.02:
        return None
    return data.decode("latin-1"), "latin-1"
