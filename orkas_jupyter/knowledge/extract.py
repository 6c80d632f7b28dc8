"""Text extraction per format: plain text, Markdown, code, notebooks (cell by cell, with
cell ids), PDF (pypdf, page by page), HTML (BeautifulSoup, scripts and styles dropped).

Anything that cannot be read as text raises `SkipFile` with a reason; callers record it and go
on. Office formats are not extracted (no maintained pure-Python reader is a dependency).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

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


class SkipFile(Exception):
    """The file is not ingested; `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
        return Extracted("pdf", _pdf_sections(raw), raw)
    if b"\x00" in raw[:8192]:
        raise SkipFile("binary content (NUL bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SkipFile("not UTF-8 text") from None
    if suffix == ".ipynb":
        return Extracted("notebook", _notebook_sections(text), raw)
    if suffix in HTML_SUFFIXES:
        return Extracted("html", [Section(html_to_text(text))], raw)
    kind = ("markdown" if suffix in MARKDOWN_SUFFIXES
            else "code" if suffix in CODE_SUFFIXES else "text")
    return Extracted(kind, [Section(text)], raw)


def _notebook_sections(text: str) -> list[Section]:
    import nbformat

    try:
        nb = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    except Exception as exc:  # nbformat raises several unrelated types for bad JSON
        raise SkipFile(f"not a readable notebook: {str(exc)[:200]}") from None
    sections: list[Section] = []
    for index, cell in enumerate(nb.cells):
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        if not source.strip():
            continue
        cell_id = cell.get("id") or f"#{index + 1}"
        sections.append(Section(source, f"cell {cell_id}"))
    return sections


def _pdf_sections(raw: bytes) -> list[Section]:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(raw))
        if reader.is_encrypted:
            raise SkipFile("encrypted PDF")
        sections = []
        for number, page in enumerate(reader.pages, start=1):
            text = page.extract_text() or ""
            if text.strip():
                sections.append(Section(text, f"page {number}"))
    except SkipFile:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise SkipFile(f"unreadable PDF: {str(exc)[:200]}") from None
    if not sections:
        raise SkipFile("PDF has no extractable text (scanned images need OCR)")
    return sections


_BLANK_RUNS = re.compile(r"\n\s*\n(\s*\n)+")


def html_to_text(html: str) -> str:
    """Visible text of an HTML page, one block per line."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    for tag in soup(["script", "style", "noscript", "template", "svg", "head"]):
        tag.decompose()
    text = (title + "\n" if title else "") + soup.get_text("\n")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return _BLANK_RUNS.sub("\n\n", "\n".join(lines)).strip() + "\n"
