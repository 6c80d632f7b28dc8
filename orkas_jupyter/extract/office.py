"""Office Open XML documents read from their XML with the standard library: .docx paragraphs,
.xlsx sheets as tab-separated rows, .pptx slide text. The old binary formats (.doc, .xls,
.ppt) are not read."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from typing import Literal
from xml.etree import ElementTree

from .errors import ExtractError

_WORD_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_SHEET_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL_NS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_DRAW_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_BROKEN = (zipfile.BadZipFile, KeyError, ElementTree.ParseError)


def docx_text(data: bytes) -> str:
    """Paragraph text of a Word .docx document."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            xml = zf.read("word/document.xml")
        root = ElementTree.fromstring(xml)
    except _BROKEN as exc:
        raise ExtractError(f"not a readable .docx document ({type(exc).__name__})") from None
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


def _column_index(ref: str) -> int:
    index = 0
    for ch in ref:
        if not ch.isalpha():
            break
        index = index * 26 + (ord(ch.upper()) - 64)
    return max(index - 1, 0)


def _sheet_rows(root: ElementTree.Element, shared: list[str]) -> list[str]:
    out = []
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
    return out


def xlsx_text(data: bytes) -> str:
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
                out.extend(_sheet_rows(ElementTree.fromstring(zf.read(target)), shared))
    except _BROKEN as exc:
        raise ExtractError(f"not a readable .xlsx workbook ({type(exc).__name__})") from None
    return "\n".join(out)


def pptx_text(data: bytes) -> str:
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
    except _BROKEN as exc:
        raise ExtractError(f"not a readable .pptx deck ({type(exc).__name__})") from None
    return "\n".join(out)


OfficeKind = Literal["docx", "xlsx", "pptx"]
OFFICE_READERS: dict[str, tuple[OfficeKind, Callable[[bytes], str]]] = {
    ".docx": ("docx", docx_text), ".xlsx": ("xlsx", xlsx_text), ".pptx": ("pptx", pptx_text)}
"""Reader per file suffix, with the kind of document it reads."""
