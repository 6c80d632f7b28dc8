"""Bytes → text for the file and web tools: plain text in its encoding, PDF (pypdf), Office
Open XML documents (.docx paragraphs, .xlsx sheets as tab-separated rows, .pptx slide text;
read from their XML with the standard library), images recognised; anything else binary is
refused with a clear error rather than shown as mojibake."""

from __future__ import annotations

import io
import logging
import zipfile
from collections.abc import Callable
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
    kind: Literal["text", "pdf", "docx", "xlsx", "pptx"]
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


_SHEET_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL_NS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_DRAW_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def _column_index(ref: str) -> int:
    index = 0
    for ch in ref:
        if not ch.isalpha():
            break
        index = index * 26 + (ord(ch.upper()) - 64)
    return max(index - 1, 0)


def xlsx_text(data: bytes, shown: str) -> str:
    """Every sheet of an Excel .xlsx workbook as tab-separated rows (values, not formulas)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = set(zf.namelist())
            shared: list[str] = []
            if "xl/sharedStrings.xml" in names:
                for si in ElementTree.fromstring(zf.read("xl/sharedStrings.xml")):
                    shared.append("".join(n.text or "" for n in si.iter(f"{_SHEET_NS}t")))
            rels = {r.get("Id"): r.get("Target", "") for r in ElementTree.fromstring(
                zf.read("xl/_rels/workbook.xml.rels")).iter(f"{_PKG_REL_NS}Relationship")}
            workbook = ElementTree.fromstring(zf.read("xl/workbook.xml"))
            out = []
            for sheet in workbook.iter(f"{_SHEET_NS}sheet"):
                target = rels.get(sheet.get(f"{_REL_NS}id"), "").lstrip("/")
                target = target if target.startswith("xl/") else f"xl/{target}"
                out.append(f"--- sheet {sheet.get('name')} ---")
                root = ElementTree.fromstring(zf.read(target))
                for row in root.iter(f"{_SHEET_NS}row"):
                    cells: dict[int, str] = {}
                    for cell in row.iter(f"{_SHEET_NS}c"):
                        kind, value = cell.get("t"), cell.find(f"{_SHEET_NS}v")
                        text = value.text or "" if value is not None else ""
                        if kind == "s" and text.isdigit() and int(text) < len(shared):
                            text = shared[int(text)]
                        elif kind == "inlineStr":
                            text = "".join(n.text or "" for n in cell.iter(f"{_SHEET_NS}t"))
                        cells[_column_index(cell.get("r", "A"))] = text
                    if cells:
                        out.append("\t".join(cells.get(i, "") for i in range(max(cells) + 1)))
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError) as exc:
        raise BinaryFileError(f"{shown} could not be read as an .xlsx workbook "
                              f"({type(exc).__name__}).") from None
    return "\n".join(out)


def pptx_text(data: bytes, shown: str) -> str:
    """The text of every slide of a PowerPoint .pptx deck, slide by slide."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            slides = sorted((n for n in zf.namelist()
                             if n.startswith("ppt/slides/slide") and n.endswith(".xml")),
                            key=lambda n: int("".join(c for c in n if c.isdigit()) or 0))
            out = []
            for number, name in enumerate(slides, 1):
                out.append(f"--- slide {number} ---")
                for para in ElementTree.fromstring(zf.read(name)).iter(f"{_DRAW_NS}p"):
                    line = "".join(n.text or "" for n in para.iter(f"{_DRAW_NS}t"))
                    if line.strip():
                        out.append(line)
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError) as exc:
        raise BinaryFileError(f"{shown} could not be read as a .pptx deck "
                              f"({type(exc).__name__}).") from None
    return "\n".join(out)


_OFFICE: dict[str, tuple[Literal["docx", "xlsx", "pptx"], Callable[[bytes, str], str]]] = {
    ".docx": ("docx", docx_text), ".xlsx": ("xlsx", xlsx_text), ".pptx": ("pptx", pptx_text)}


def decode_content(data: bytes, shown: str, *, media_type: str | None = None) -> Decoded:
    """Text for `data` (from the file or URL `shown`), or `BinaryFileError` saying why not."""
    if data.startswith(b"%PDF-") or media_type == "application/pdf":
        return Decoded(pdf_text(data, shown), "pdf")
    if data.startswith(b"PK\x03\x04"):
        suffix = "." + shown.lower().rsplit(".", 1)[-1] if "." in shown else ""
        if media_type == "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
            suffix = ".docx"
        if suffix in _OFFICE:
            kind, extractor = _OFFICE[suffix]
            return Decoded(extractor(data, shown), kind)
    plain = decode_plain(data)
    if plain is not None:
        return Decoded(plain[0], "text", plain[1])
    media = image_type(data)
    what = f"an image ({media})" if media else "a binary file"
    raise BinaryFileError(f"{shown} is {what} ({len(data):,} bytes), not text; it cannot be "
                          "shown as text. Use stat_file for its size and type, or bash with a "
                          "suitable converter.")
