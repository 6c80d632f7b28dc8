"""One extraction module behind `read_file`, `web_fetch` and knowledge-base ingestion: the same
file gets the same reading and, when it cannot be read, the same reason from each."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfWriter

from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.extract import (
    ExtractError,
    NotTextError,
    decode_content,
    html_to_markdown,
    notebook_cells,
    pdf_pages,
)
from orkas_jupyter.knowledge import HashingEmbedder, InMemoryKnowledgeBase
from orkas_jupyter.tools.extract import BinaryFileError, pdf_text

from .conftest import ToolCaller
from .test_tools_files import make_pdf


def blank_pdf(pages: int, *, password: str | None = None) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    if password:
        writer.encrypt(password, algorithm="RC4-128")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


UNREADABLE = {
    "garbage.pdf": (b"%PDF-1.4\n\x00\x01garbage", "unreadable PDF"),
    "locked.pdf": (blank_pdf(1, password="pw"), "encrypted PDF"),
    "scanned.pdf": (blank_pdf(2), "PDF of 2 page(s) with no extractable text"),
}


async def test_read_file_and_the_knowledge_base_give_one_reason(
        call: ToolCaller, ctx: ToolContext, root: Path) -> None:
    for name, (data, _) in UNREADABLE.items():
        (root / name).write_bytes(data)
    report = await InMemoryKnowledgeBase(root=root, embedder=HashingEmbedder()).add_paths(
        list(UNREADABLE))
    skipped = {s.path: s.reason for s in report.skipped}
    assert sorted(skipped) == sorted(UNREADABLE) and not report.added
    for name, (_, expected) in UNREADABLE.items():
        assert skipped[name].startswith(expected), skipped[name]
        result = await call(ctx, "read_file", path=name)
        assert result.is_error
        # The tool names the file, then gives the reader's reason word for word.
        assert f"{name}: {skipped[name]}." in result.text, result.text


def test_pdf_pages_keep_their_order_and_page_markers() -> None:
    pages = pdf_pages(make_pdf(["first words", "second words"]))
    assert [p.strip() for p in pages] == ["first words", "second words"]
    text = pdf_text(make_pdf(["only page"]), "x.pdf")
    assert text.startswith("--- page 1 ---\nonly page")
    with pytest.raises(BinaryFileError, match=r"^https://h/a\.pdf: unreadable PDF"):
        pdf_text(b"%PDF-1.4 nothing", "https://h/a.pdf")


def test_binary_content_is_not_text_and_images_are_named() -> None:
    with pytest.raises(NotTextError) as image:
        decode_content(b"\x89PNG\r\n\x1a\n" + bytes(64), "p.png")
    assert image.value.media_type == "image/png" and image.value.reason == "an image (image/png)"
    with pytest.raises(NotTextError) as blob:
        decode_content(bytes(range(256)) * 4, "blob.bin")
    assert blob.value.media_type is None and blob.value.reason == "a binary file"
    # A ZIP that is not an Office document by name is binary, not a broken .docx.
    with pytest.raises(NotTextError):
        decode_content(b"PK\x03\x04" + bytes(range(256)), "archive.zip")
    with pytest.raises(ExtractError, match=r"not a readable \.docx document"):
        decode_content(b"PK\x03\x04junk", "download", media_type=(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"))


def test_plain_text_keeps_its_encoding() -> None:
    assert decode_content("café".encode("latin-1"), "a.txt").encoding == "latin-1"
    utf16 = decode_content("\ufeffhi".encode("utf-16"), "b.txt")
    assert (utf16.text.lstrip("\ufeff"), utf16.encoding) == ("hi", "utf-16")
    assert decode_content(b"", "empty.txt").text == ""


def test_html_to_markdown_keeps_the_main_content_with_absolute_links() -> None:
    page = ("<html><head><title> Report </title><style>p{}</style></head><body>"
            "<nav>MENU</nav><main><h1>Results</h1><p>See <a href='/d.html'>details</a> and "
            "<a href='#top'>top</a>.</p><script>alert(1)</script></main>"
            "<footer>FOOT</footer></body></html>")
    text, title = html_to_markdown(page, "https://example.org/a/b.html")
    assert title == "Report"
    assert text.startswith("# Results")
    assert "[details](https://example.org/d.html)" in text and "[top](#top)" in text
    assert "MENU" not in text and "FOOT" not in text and "alert" not in text


def test_notebook_cells_name_each_cell() -> None:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": ["# T", "itle"]},
        {"cell_type": "code", "id": "blank", "metadata": {}, "source": "  ",
         "outputs": [], "execution_count": None}]}
    assert notebook_cells(json.dumps(nb)) == [("# Title", "cell intro")]
    with pytest.raises(ExtractError, match="not a readable notebook"):
        notebook_cells("{")
