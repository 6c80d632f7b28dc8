"""One file's bytes → text, choosing the reader from the content and the name: PDF by its
magic number, Office documents (a ZIP) by suffix or media type, else plain text; binary
content is refused with `NotTextError`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import NotTextError
from .office import OFFICE_READERS
from .pdf import pdf_text
from .text import decode_plain, image_type

DecodedKind = Literal["text", "pdf", "docx", "xlsx", "pptx"]
_DOCX_MEDIA = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@dataclass(frozen=True)
class Decoded:
    """Text and how it was obtained. `encoding` is set for plain text (so an edit can write the
    same bytes back); extracted documents (`pdf`, `docx`, …) are read-only views."""

    text: str
    kind: DecodedKind
    encoding: str | None = None


def decode_content(data: bytes, name: str, *, media_type: str | None = None) -> Decoded:
    """Text for `data` (the content of the file or URL `name`); `ExtractError` says why not."""
    if data.startswith(b"%PDF-") or media_type == "application/pdf":
        return Decoded(pdf_text(data), "pdf")
    if data.startswith(b"PK\x03\x04"):
        suffix = "." + name.lower().rsplit(".", 1)[-1] if "." in name else ""
        if media_type == _DOCX_MEDIA:
            suffix = ".docx"
        if suffix in OFFICE_READERS:
            kind, reader = OFFICE_READERS[suffix]
            return Decoded(reader(data), kind)
    plain = decode_plain(data)
    if plain is not None:
        return Decoded(plain[0], "text", plain[1])
    media = image_type(data)
    if media:
        raise NotTextError(f"an image ({media})", media)
    raise NotTextError("a binary file")
