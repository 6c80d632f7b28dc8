"""Turning canonical history into what one model can take (E7): images in tool results move to
a user message right after the results when the model cannot read them there, and images are
replaced by a note for models that take none."""

from __future__ import annotations

from collections.abc import Sequence

from .messages import ImagePart, Message, TextPart, ToolResultPart
from .provider import ModelInfo

NO_IMAGES_NOTE = "[image omitted: this model does not accept images]"


def _without_images(result: ToolResultPart, note: str) -> ToolResultPart:
    content: list[TextPart | ImagePart] = [
        p if isinstance(p, TextPart) else TextPart(text=note) for p in result.content
    ]
    return result.model_copy(update={"content": content})


def prepare_messages(messages: Sequence[Message], info: ModelInfo) -> list[Message]:
    """History as `info`'s model can read it; the canonical history is left unchanged."""
    out: list[Message] = []
    moved: list[tuple[str, ImagePart]] = []

    def flush() -> None:
        if moved:
            parts: list[TextPart | ImagePart] = []
            for name, image in moved:
                parts.append(TextPart(text=f"Image returned by tool {name}:"))
                parts.append(image)
            out.append(Message(role="user", parts=list(parts), meta={"tool_images": True}))
            moved.clear()

    for msg in messages:
        if msg.role != "tool":
            flush()
        member = msg.meta.get("member")
        if member and msg.role == "assistant":
            # Another member of a team spoke here (Commander sees the whole conversation):
            # the model must not take those words for its own.
            msg = msg.model_copy(update={"parts": [
                TextPart(text=f"[{member}]: {p.text}") if isinstance(p, TextPart) else p
                for p in msg.parts]})
        if not info.supports_images:
            if msg.role == "tool" and (result := msg.tool_result) is not None:
                msg = msg.model_copy(update={"parts": [_without_images(result, NO_IMAGES_NOTE)]})
            elif any(isinstance(p, ImagePart) for p in msg.parts):
                msg = msg.model_copy(update={"parts": [
                    TextPart(text=NO_IMAGES_NOTE) if isinstance(p, ImagePart) else p
                    for p in msg.parts
                ]})
        elif msg.role == "tool" and not info.supports_tool_result_images:
            result = msg.tool_result
            if result is not None and any(isinstance(p, ImagePart) for p in result.content):
                moved.extend((result.name, p) for p in result.content if isinstance(p, ImagePart))
                msg = msg.model_copy(update={"parts": [_without_images(
                    result, "[image attached in the next message]")]})
        out.append(msg)
    flush()
    return out
