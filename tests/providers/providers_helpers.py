"""Shared pieces for the provider tests: small tools, settings for a fake server, event
collection. Imported by module name (pytest puts this folder on sys.path)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from orkas_jupyter.config import Settings, load_settings
from orkas_jupyter.engine import Tool, ToolContext, ToolError
from orkas_jupyter.engine.messages import Message, TextPart
from orkas_jupyter.engine.provider import ModelRequest, Provider, ProviderEvent


class AddInput(BaseModel):
    a: int
    b: int


class AddTool(Tool[AddInput]):
    name = "add"
    description = "Add two integers."
    input_model = AddInput
    read_only = True

    async def execute(self, args: AddInput, ctx: ToolContext) -> str:
        return str(args.a + args.b)


class NoteInput(BaseModel):
    text: str


class NoteTool(Tool[NoteInput]):
    """A write tool that keeps what it was given."""

    name = "note"
    description = "Store a note."
    input_model = NoteInput

    def __init__(self) -> None:
        self.notes: list[str] = []

    async def execute(self, args: NoteInput, ctx: ToolContext) -> str:
        if not args.text:
            raise ToolError("The note is empty; send some text.")
        self.notes.append(args.text)
        return f"stored note {len(self.notes)}"


def fake_settings(base_url: str, model: str = "openai/gpt-4o", **overrides: Any) -> Settings:
    """Settings pointing at a fake server, read from no environment at all."""
    return load_settings({}, model=model, api_base=base_url, **overrides)


def user_request(text: str = "hello", **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", parts=[TextPart(text=text)])], **fields)


async def collect(provider: Provider, request: ModelRequest) -> list[ProviderEvent]:
    return [event async for event in provider.stream(request)]
