"""Bytes → text for the file and web tools: plain text in its encoding, PDF (pypdf), Word
.docx (its XML, standard library), images recognised; anything else binary is refused with a
clear error rather than shown as mojibake."""

from __future__ import annotations

import io
import logging
import zipfile
from dataclasses import dataclass
from typing import Literal
from xml.etree import ElementTree

from ..engine.errors import ToolError

log = logging.getLogger(__name__)

SNIFF_BYTES = 8192
IMAGE_TYPES = {
    b"\x89PNG\r\n\x1a\n": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
    b"GIF87a": "image/gif",
    b"GIF89a": "image/gif",
}
_WORD_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


class BinaryFileError(ToolError):
    """The content is not text and no extractor applies."""


@dataclass(frozen=True)
class Decoded:
    """Text and how it was obtained. `encoding` is set for plain text (so an edit can write the
    same bytes back); extracted documents (`pdf`, `docx`) are read-only views."""

    text: str
    kind: Literal["text", "pdf", "docx"]
    encoding: str | None = None


def image_type(data: bytes) -> str | None:
    """The media type when `data` starts like a PNG, JPEG, GIF or WebP image."""
    for magic, media in IMAGE_TYPES.items():
        if data.startswith(magic):
            return media
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


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
    head = data[:SNIFF_BYTES]
    if b"\x00" in head:
        return None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13, 27, 8))
    if head and controls / len(head) > 0.02:
        return None
    return data.decode("latin-1"), "latin-1"


def pdf_text(data: bytes, shown: str) -> str:
    """Text of every page of a PDF, pages separated by a marker line."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise BinaryFileError(f"{shown} is an encrypted PDF; its text cannot be read "
                                  "without the password.")
        pages = [page.extract_text() or "" for page in reader.pages]
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise BinaryFileError(f"{shown} looks like a PDF but could not be parsed "
                              f"({type(exc).__name__}: {exc}).") from None
    if not any(p.strip() for p in pages):
        raise BinaryFileError(f"{shown} is a PDF of {len(pages)} page(s) with no extractable "
                              "text (probably scanned images); it would need OCR.")
    return "\n".join(f"--- page {i} ---\n{text.rstrip()}" for i, text in enumerate(pages, 1))


def docx_text(data: bytes, shown: str) -> str:
    """Paragraph text of a Word .docx document."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            xml = zf.read("word/document.xml")
        root = ElementTree.fromstring(xml)
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError) as exc:
        raise BinaryFileError(f"{shown} could not be read as a .docx document "
                              f"({type(exc).__name__}).") from None
    paragraphs = []
    for para in root.iter(f"{_WORD_NS}p"):
        parts = []
        for node in para.iter():
            if node.tag == f"{_WORD_NS}t" and node.text:
                parts.append(node.text)
            elif node.tag == f"{_WORD_NS}tab":
                parts.append("\t")
        paragraphs.append("".join(parts))
    return "\n".join(paragraphs)


def decode_content(data: bytes, shown: str, *, media_type: str | None = None) -> Decoded:
    """Text for `data` (from the file or URL `shown`), or `BinaryFileError` saying why not."""
    if data.startswith(b"%PDF-") or media_type == "application/pdf":
        return Decoded(pdf_text(data, shown), "pdf")
    if data.startswith(b"PK\x03\x04") and (shown.lower().endswith(".docx") or media_type == (
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document")):
        return Decoded(docx_text(data, shown), "docx")
    plain = decode_plain(data)
    if plain is not None:
        return Decoded(plain[0], "text", plain[1])
    media = image_type(data)
    what = f"an image ({media})" if media else "a binary file"
    raise BinaryFileError(f"{shown} is {what} ({len(data):,} bytes), not text; it cannot be "
                          "shown as text. Use stat_file for its size and type, or bash with a "
                          "suitable converter.")
