"""What the knowledge base ingests, and how a file becomes sections: plain text, Markdown,
code, notebooks (cell by cell, with cell ids), PDF (page by page) and HTML (visible text), read
with `orkas_jupyter.extract`.

Anything that cannot be read as text raises `SkipFile` with a reason; callers record it and go
on. Known binary types are skipped by suffix without reading them; Office formats are skipped
too (export to PDF or text), and text must be UTF-8.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..extract import ExtractError, has_nul_bytes, html_to_text, notebook_cells, pdf_pages

__all__ = ["Extracted", "Section", "SkipFile", "extract_bytes", "extract_file", "html_to_text"]

MAX_FILE_BYTES = 50 * 1024 * 1024

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".mdx"})
CODE_SUFFIXES = frozenset({
    ".py", ".pyi", ".js", ".ts", ".tsx", ".jsx", ".java", ".c", ".h", ".cc", ".cpp", ".hpp",
    ".rs", ".go", ".rb", ".php", ".cs", ".kt", ".scala", ".swift", ".r", ".jl", ".m", ".sql",
    ".sh", ".bash", ".zsh", ".ps1", ".lua", ".pl", ".toml", ".yaml", ".yml", ".json", ".ini",
    ".cfg", ".css", ".scss", ".xml", ".tex",
})
HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})
OFFICE_SUFFIXES = frozenset({".docx", ".doc", ".xlsx", ".xls", ".pptx", ".ppt", ".odt"})
# Known binary formats: skipped without reading them.
BINARY_SUFFIXES = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".ico", ".tif", ".tiff", ".zip", ".gz",
    ".tgz", ".bz2", ".xz", ".7z", ".tar", ".whl", ".parquet", ".feather", ".arrow", ".duckdb",
    ".db", ".sqlite", ".pyc", ".so", ".dll", ".dylib", ".exe", ".bin", ".pkl", ".pickle",
    ".npy", ".npz", ".h5", ".hdf5", ".pt", ".onnx", ".mp3", ".mp4", ".wav", ".mov", ".woff",
    ".woff2", ".ttf", ".otf",
})

SkipFile = ExtractError
"""The file is not ingested; `reason` says why (the readers' own error, so their reasons pass
through unchanged)."""


@dataclass(frozen=True)
class Section:
    """A unit of extracted text: a whole file, a notebook cell or a PDF page."""

    text: str
    locator: str | None = None


@dataclass(frozen=True)
class Extracted:
    """What a file yielded: its kind, its sections, and the hash input (raw bytes)."""

    kind: str
    sections: list[Section]
    raw: bytes


def extract_file(path: Path) -> Extracted:
    """Extract the text of `path`; raises `SkipFile` when it is binary or unreadable."""
    suffix = path.suffix.lower()
    if suffix in BINARY_SUFFIXES:
        raise SkipFile(f"binary file type ({suffix})")
    if suffix in OFFICE_SUFFIXES:
        raise SkipFile(f"Office documents ({suffix}) are not supported; export to PDF or text")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SkipFile(f"too large ({size} bytes > {MAX_FILE_BYTES})")
        raw = path.read_bytes()
    except OSError as exc:
        raise SkipFile(f"unreadable: {exc.strerror or exc}") from None
    return extract_bytes(raw, suffix)


def extract_bytes(raw: bytes, suffix: str) -> Extracted:
    """Extract text from file content with the given suffix (e.g. `.md`)."""
    suffix = suffix.lower()
    if suffix == ".pdf":
        pages = pdf_pages(raw)
        return Extracted("pdf", [Section(text, f"page {number}")
                                 for number, text in enumerate(pages, 1) if text.strip()], raw)
    if has_nul_bytes(raw):
        raise SkipFile("binary content (NUL bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SkipFile("not UTF-8 text") from None
    if suffix == ".ipynb":
        cells = notebook_cells(text)
        return Extracted("notebook", [Section(source, where) for source, where in cells], raw)
    if suffix in HTML_SUFFIXES:
        return Extracted("html", [Section(html_to_text(text))], raw)
    kind = ("markdown" if suffix in MARKDOWN_SUFFIXES
            else "code" if suffix in CODE_SUFFIXES else "text")
    return Extracted(kind, [Section(text)], raw)
