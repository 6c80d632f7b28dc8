"""PDF text with pypdf, page by page."""

from __future__ import annotations

import io

from .errors import ExtractError


def pdf_pages(data: bytes) -> list[str]:
    """The text of every page, in order ('' for a page without text). Raises `ExtractError`
    for an encrypted or unparseable PDF, and for one with no text on any page."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise ExtractError("encrypted PDF; its text cannot be read without the password")
        pages = [page.extract_text() or "" for page in reader.pages]
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise ExtractError(f"unreadable PDF ({type(exc).__name__}: {str(exc)[:200]})") from None
    if not any(page.strip() for page in pages):
        raise ExtractError(f"PDF of {len(pages)} page(s) with no extractable text (probably "
                           "scanned images; it would need OCR)")
    return pages


def pdf_text(data: bytes) -> str:
    """All pages as one text, each page after a `--- page N ---` marker line."""
    pages = pdf_pages(data)
    return "\n".join(f"--- page {i} ---\n{text.rstrip()}" for i, text in enumerate(pages, 1))
