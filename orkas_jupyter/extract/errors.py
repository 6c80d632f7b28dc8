"""The one error the readers raise."""

from __future__ import annotations


class ExtractError(Exception):
    """The input could not be read as text; `reason` says why, without naming the file (the
    caller knows its name and how to show it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotTextError(ExtractError):
    """The content is binary and no reader applies; `reason` is a noun phrase ("a binary
    file", "an image (image/png)") and `media_type` is set for recognised images."""

    def __init__(self, reason: str, media_type: str | None = None) -> None:
        super().__init__(reason)
        self.media_type = media_type
