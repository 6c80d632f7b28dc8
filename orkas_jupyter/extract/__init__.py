"""Bytes → text for every part that reads documents: the file and web tools (`read_file`,
`web_fetch`) and knowledge-base ingestion.

Owns the format readers: plain-text decoding and binary sniffing, images recognised, PDF
(pypdf), Office Open XML (.docx, .xlsx, .pptx, read from their XML with the standard library),
HTML (to plain text or to Markdown, BeautifulSoup) and notebooks (cell by cell). A reader that
cannot read its input raises `ExtractError` with a short reason; the caller decides what that
means (a tool error naming the file, a file the knowledge base skips).

Imports nothing from the rest of the package, so every layer may use it.
"""

from .content import Decoded, DecodedKind, decode_content
from .errors import ExtractError, NotTextError
from .html import html_to_markdown, html_to_text
from .notebook import notebook_cells
from .office import OFFICE_READERS, docx_text, pptx_text, xlsx_text
from .pdf import pdf_pages, pdf_text
from .text import SNIFF_BYTES, decode_plain, has_nul_bytes, image_type

__all__ = [
    "OFFICE_READERS",
    "SNIFF_BYTES",
    "Decoded",
    "DecodedKind",
    "ExtractError",
    "NotTextError",
    "decode_content",
    "decode_plain",
    "docx_text",
    "has_nul_bytes",
    "html_to_markdown",
    "html_to_text",
    "image_type",
    "notebook_cells",
    "pdf_pages",
    "pdf_text",
    "pptx_text",
    "xlsx_text",
]
