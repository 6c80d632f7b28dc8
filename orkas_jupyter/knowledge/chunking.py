"""Chunking on line boundaries with overlap, sized in estimated tokens (E9's estimator, so
CJK and code are sized right rather than by characters)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.tokens import estimate_tokens


@dataclass(frozen=True)
class TextChunk:
    """A piece of a section: its text and the 1-based, inclusive line range it covers."""

    text: str
    start_line: int
    end_line: int
    locator: str | None = None


def chunk_lines(text: str, *, max_tokens: int = 350, overlap_tokens: int = 50,
                locator: str | None = None, first_line: int = 1,
                count: Callable[[str], int] = estimate_tokens) -> list[TextChunk]:
    """Cut `text` into chunks of whole lines, each at most `max_tokens` (a longer single line
    is split inside the line), consecutive chunks sharing about `overlap_tokens` of lines."""
    if max_tokens < 1 or not 0 <= overlap_tokens < max_tokens:
        raise ValueError("need max_tokens >= 1 and 0 <= overlap_tokens < max_tokens")
    lines = text.splitlines()
    sizes = [count(line) + 1 for line in lines]
    chunks: list[TextChunk] = []
    start = 0
    while start < len(lines):
        if sizes[start] > max_tokens:
            chunks.extend(_split_long_line(lines[start], first_line + start, max_tokens,
                                           count, locator))
            start += 1
            continue
        end, used = start, 0
        while end < len(lines) and used + sizes[end] <= max_tokens:
            used += sizes[end]
            end += 1
        body = "\n".join(lines[start:end])
        if body.strip():
            chunks.append(TextChunk(body, first_line + start, first_line + end - 1, locator))
        if end >= len(lines):
            break
        # Step back over whole lines worth at most `overlap_tokens`, always moving forward.
        nxt, back = end, 0
        while nxt - 1 > start and back + sizes[nxt - 1] <= overlap_tokens:
            nxt -= 1
            back += sizes[nxt]
        start = nxt
    return chunks


def _split_long_line(line: str, line_no: int, max_tokens: int,
                     count: Callable[[str], int], locator: str | None) -> list[TextChunk]:
    # Proportional character windows, shrunk until each fits; the line number is shared.
    out: list[TextChunk] = []
    width = max(1, int(len(line) * max_tokens / max(count(line), 1)))
    pos = 0
    while pos < len(line):
        piece = line[pos:pos + width]
        while len(piece) > 1 and count(piece) > max_tokens:
            piece = piece[: max(1, len(piece) * 9 // 10)]
        if piece.strip():
            out.append(TextChunk(piece, line_no, line_no, locator))
        pos += len(piece)
    return out
