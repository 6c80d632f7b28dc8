"""The file and web tools' view of `orkas_jupyter.extract`: the same readers, with their
failures as `BinaryFileError`, a tool error that names the file or URL and says what to do."""

from __future__ import annotations

from ..engine.errors import ToolError
from ..extract import Decoded, ExtractError, NotTextError, decode_plain, image_type
from ..extract import decode_content as _decode_content
from ..extract import pdf_text as _pdf_text

__all__ = ["BinaryFileError", "Decoded", "decode_content", "decode_plain", "image_type",
           "pdf_text"]


class BinaryFileError(ToolError):
    """The content is not text and no extractor applies."""


def decode_content(data: bytes, shown: str, *, media_type: str | None = None) -> Decoded:
    """Text for `data` (from the file or URL `shown`), or `BinaryFileError` saying why not."""
    try:
        return _decode_content(data, shown, media_type=media_type)
    except NotTextError as exc:
        raise BinaryFileError(f"{shown} is {exc.reason} ({len(data):,} bytes), not text; it "
                              "cannot be shown as text. Use stat_file for its size and type, "
                              "or bash with a suitable converter.") from None
    except ExtractError as exc:
        raise BinaryFileError(f"{shown}: {exc.reason}.") from None


def pdf_text(data: bytes, shown: str) -> str:
    """Text of every page of a PDF, pages separated by a marker line."""
    try:
        return _pdf_text(data)
    except ExtractError as exc:
        raise BinaryFileError(f"{shown}: {exc.reason}.") from None
