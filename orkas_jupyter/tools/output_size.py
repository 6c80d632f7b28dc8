"""Cell outputs sized for a context window (docs/tools.md, "Outputs sized for the context").

What `run_cell` and `read_cell` hand the model: images shrunk to a bounded size (the notebook
keeps the original), base64 never sent as text, and long stdout, text reprs (DataFrames) and
HTML cut to per-type limits with a note saying how to see more. Limits come from the settings
(`output_*`) through the `output_limits` service; without it, the defaults below.

Numbers behind the defaults (benchmarks/context_size.py): a 2000×1500 plot shrunk to 1024 px
keeps its axis labels legible at about 1,000 image tokens instead of ~2,500; stdout keeps its
first third and last two thirds (a run's end — results, errors — matters most).
"""

from __future__ import annotations

import base64
import binascii
import html
import io
import re
import struct
from dataclasses import dataclass
from typing import Any

from ..engine.messages import ImagePart, TextPart

IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp", "image/gif")
# Images of one output list handed on; more are noted, not sent (each costs ~1,000 tokens).
MAX_IMAGES = 8
# Without Pillow an over-size image cannot be shrunk: sent as it is up to this many bytes.
UNSHRUNK_MAX_BYTES = 1_000_000
# Distinct colours up to which a shrunk image is stored with a palette.
PALETTE_MAX_COLORS = 8_192
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_BASE64 = re.compile(r"(?:data:[\w.+-]+/[\w.+-]+;base64,)?[A-Za-z0-9+/]{100,}={0,2}")
_SCRIPT = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAGS = re.compile(r"<[^>]+>")
_BLANKS = re.compile(r"[ \t\r\f\v]+")
_LINES = re.compile(r"\n\s*\n+")


@dataclass(frozen=True)
class OutputLimits:
    """Per-type limits of what one tool result hands the model."""

    image_max_px: int = 1024
    stream_chars: int = 6_000
    text_chars: int = 4_000
    html_chars: int = 2_000
    total_chars: int = 20_000

    @classmethod
    def from_settings(cls, settings: Any) -> OutputLimits:
        """The limits of `Settings` (`output_*` fields)."""
        return cls(image_max_px=settings.output_image_max_px,
                   stream_chars=settings.output_stream_chars,
                   text_chars=settings.output_text_chars,
                   html_chars=settings.output_html_chars,
                   total_chars=settings.output_total_chars)


def output_limits(services: dict[str, Any]) -> OutputLimits:
    """The limits a tool uses: the `output_limits` service (a value or a callable giving the
    current one), else the defaults."""
    value = services.get("output_limits")
    if callable(value):
        value = value()
    return value if isinstance(value, OutputLimits) else OutputLimits()


# -- text ---------------------------------------------------------------------------------------
def strip_base64(text: str) -> str:
    """Replace runs of base64 (and data: URIs) with a note: a model reads nothing in them."""
    def note(match: re.Match[str]) -> str:
        run = match.group(0)
        body = run.split(",", 1)[-1]
        # A run of one letter case or without digits is more likely a word soup than data.
        if not (re.search(r"[0-9]", body) and re.search(r"[a-z]", body)
                and re.search(r"[A-Z]", body)):
            return run
        kind = run[5:run.index(";")] + " " if run.startswith("data:") else ""
        return f"[{kind}base64 data, {len(run):,} characters, not shown]"

    return _BASE64.sub(note, text)


def cut_middle(text: str, limit: int, how_to_see: str, *, head_share: float = 1 / 3) -> str:
    """`text` within `limit` characters, cut at line ends where possible: its head and tail
    kept, a note in between saying what was left out and how to see it."""
    if len(text) <= limit:
        return text
    head_len = int(limit * head_share)
    tail_len = limit - head_len
    head = text[:head_len]
    tail = text[len(text) - tail_len:]
    # Whole lines read better: move the cuts back to a line end if one is near.
    if (nl := head.rfind("\n")) > head_len * 0.6:
        head = head[: nl + 1]
    if (nl := tail.find("\n")) != -1 and nl < tail_len * 0.4:
        tail = tail[nl + 1:]
    omitted = text[len(head): len(text) - len(tail)]
    first_line = text.count("\n", 0, len(head)) + 1
    lines = omitted.count("\n")
    where = (f" (lines {first_line:,}–{first_line + lines - 1:,} of "
             f"{text.count(chr(10)) + 1:,})" if lines > 1 else "")
    see = f" {how_to_see}" if how_to_see else ""
    return (f"{head}\n[… {len(omitted):,} characters omitted of {len(text):,}{where}.{see}]\n"
            f"{tail}")


def html_text(markup: str) -> str:
    """The readable text of HTML: scripts and styles dropped, tags removed, entities read."""
    text = _TAGS.sub(" ", _SCRIPT.sub(" ", markup))
    text = html.unescape(text)
    text = "\n".join(_BLANKS.sub(" ", line).strip() for line in text.splitlines())
    return _LINES.sub("\n", text).strip()


SEE_STREAM = ("To see a part, run code that prints only that part, or write the output to a "
              "file and read it with read_file.")
SEE_REPR = ("To see more, display a slice (e.g. df.iloc[100:200]) or call inspect_variable for "
            "shape, types and statistics.")
SEE_HTML = "HTML shown as text. To see more, display the data as plain text, a slice at a time."
SEE_TOTAL = "The cell's outputs were cut to fit the context; show them a part at a time."


# -- images -------------------------------------------------------------------------------------
def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG, GIF or JPEG header, without decoding the image."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack("<HH", data[6:10])
        return int(w), int(h)
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return int(w), int(h)
            i += 2 + length
    return None


def _pillow() -> Any:
    try:
        from PIL import Image
    except ImportError:  # Pillow comes with matplotlib; without it images are not shrunk
        return None
    return Image


def fit_image(b64: str, media_type: str, max_px: int) -> tuple[ImagePart | None, str]:
    """The image as the model gets it, shrunk so its longer side is at most `max_px`, and a
    note for the text (`[image/png 2000×1500, sent at 1024×768]`). None when it cannot be
    sent (undecodable, or too large with no Pillow to shrink it). An image within the
    limit keeps the note it always had (`[image/png attached]`)."""
    try:
        raw = base64.b64decode("".join(b64.split()), validate=True)
    except (binascii.Error, ValueError):
        return None, f"[{media_type} output that is not valid base64, not shown]"
    size = image_size(raw)
    if size is not None and max(size) <= max_px:
        # Sent as it is, noted as before sizing existed: recorded notebooks keep their keys.
        return ImagePart(data="".join(b64.split()), media_type=media_type), \
            f"[{media_type} attached]"
    image_cls = _pillow()
    if image_cls is None:
        shown = f" {size[0]}×{size[1]}" if size else ""
        if len(raw) <= UNSHRUNK_MAX_BYTES:
            return ImagePart(data="".join(b64.split()), media_type=media_type), \
                f"[{media_type}{shown} attached (not shrunk: Pillow is not installed)]"
        return None, (f"[{media_type}{shown}, {len(raw):,} bytes, not shown: too large, and "
                      "Pillow is not installed to shrink it]")
    try:
        with image_cls.open(io.BytesIO(raw)) as img:
            img.load()
            before = img.size
            if max(before) <= max_px:
                return ImagePart(data="".join(b64.split()), media_type=media_type), \
                    f"[{media_type} attached]"
            img.thumbnail((max_px, max_px), image_cls.Resampling.LANCZOS)
            out = io.BytesIO()
            if media_type == "image/jpeg":
                img.convert("RGB").save(out, "JPEG", quality=85)
            else:
                if img.mode not in ("RGB", "RGBA", "L", "LA"):
                    img = img.convert("RGBA")
                # Plots and diagrams have few colours (anti-aliasing adds some thousands): a
                # 256-colour palette keeps them sharp at a fifth of the bytes. Photos do not.
                if img.mode in ("RGB", "RGBA") and img.getcolors(PALETTE_MAX_COLORS):
                    img = img.quantize(256, method=image_cls.Quantize.FASTOCTREE)
                img.save(out, "PNG", optimize=True)
                media_type = "image/png"
            after = img.size
    except Exception as exc:  # a broken image must not fail the tool
        return None, f"[{media_type} output that could not be read ({exc}), not shown]"
    data = base64.b64encode(out.getvalue()).decode("ascii")
    return ImagePart(data=data, media_type=media_type), (
        f"[{media_type} {before[0]}×{before[1]} attached, shown at {after[0]}×{after[1]}; "
        "the notebook keeps the original]")


# -- outputs ------------------------------------------------------------------------------------
def _joined(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def render_outputs(outputs: list[dict[str, Any]],
                   limits: OutputLimits | None = None) -> list[TextPart | ImagePart]:
    """Cell outputs (nbformat dicts) as content for the model: one text part, then images."""
    limits = limits or OutputLimits()
    texts: list[str] = []
    images: list[ImagePart] = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            text = strip_base64(_ANSI.sub("", _joined(out.get("text", ""))))
            texts.append(f"[{out.get('name', 'stdout')}]\n"
                         + cut_middle(text, limits.stream_chars, SEE_STREAM))
        elif kind == "error":
            tb = strip_base64(_ANSI.sub("", "".join(out.get("traceback") or [])))
            # A traceback's end names the failing line and the error: keep most of it.
            texts.append(f"[error] {out.get('ename')}: {out.get('evalue')}\n"
                         + cut_middle(tb, limits.stream_chars, "", head_share=0.25))
        elif kind in ("display_data", "execute_result"):
            texts.append(_display_text(out.get("data") or {}, limits, images))
    text = "\n".join(t for t in texts if t) if texts else "(no output)"
    return [TextPart(text=cut_middle(text, limits.total_chars, SEE_TOTAL)), *images]


def _display_text(data: dict[str, Any], limits: OutputLimits, images: list[ImagePart]) -> str:
    image = next((m for m in IMAGE_TYPES if m in data), None)
    if image is not None:
        if len(images) >= MAX_IMAGES:
            return f"[{image} not attached: only {MAX_IMAGES} images per result]"
        part, note = fit_image(_joined(data[image]), image, limits.image_max_px)
        if part is not None:
            images.append(part)
        return note
    if "text/markdown" in data:
        return cut_middle(strip_base64(_joined(data["text/markdown"])), limits.text_chars,
                          SEE_REPR)
    if "text/plain" in data:
        return cut_middle(strip_base64(_joined(data["text/plain"])), limits.text_chars, SEE_REPR)
    if "text/html" in data:
        return cut_middle(strip_base64(html_text(_joined(data["text/html"]))), limits.html_chars,
                          SEE_HTML)
    if "image/svg+xml" in data:
        return f"[image/svg+xml, {len(_joined(data['image/svg+xml'])):,} characters, not shown]"
    kinds = ", ".join(sorted(data)) or "empty"
    return f"[{kinds} output, not shown]"

