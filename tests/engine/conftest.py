"""Shared helpers for engine tests: small tools with observable timing."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from pydantic import BaseModel

from orkas_jupyter.engine import Tool, ToolContext, ToolOutput
from orkas_jupyter.engine.errors import ToolError


class SleepArgs(BaseModel):
    label: str
    delay: float = 0.0


class Timeline:
    """Records (label, event, time) so tests can check overlap and order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, float]] = []

    def mark(self, label: str, what: str) -> None:
        self.events.append((label, what, time.perf_counter()))

    def span(self, label: str) -> tuple[float, float]:
        start = next(t for lab, w, t in self.events if lab == label and w == "start")
        end = next(t for lab, w, t in self.events if lab == label and w == "end")
        return start, end


class SleepTool(Tool[SleepArgs]):
    """Read-only tool that sleeps, recording when it ran."""

    name = "sleep_read"
    description = "Sleep then return the label."
    input_model = SleepArgs
    read_only = True

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline

    async def execute(self, args: SleepArgs, ctx: ToolContext) -> ToolOutput | str:
        self.timeline.mark(args.label, "start")
        await asyncio.sleep(args.delay)
        self.timeline.mark(args.label, "end")
        return f"read {args.label}"


class WriteTool(SleepTool):
    """A write tool (not read-only): a barrier."""

    name = "sleep_write"
    read_only = False


class BoomArgs(BaseModel):
    kind: str = "exception"


class BoomTool(Tool[BoomArgs]):
    """Fails in the requested way."""

    name = "boom"
    description = "Fails."
    input_model = BoomArgs
    read_only = True

    async def execute(self, args: BoomArgs, ctx: ToolContext) -> ToolOutput | str:
        if args.kind == "tool_error":
            raise ToolError("the widget is missing; pass a name that exists")
        raise RuntimeError("kaput")


class EchoArgs(BaseModel):
    text: str
    image: str | None = None


class EchoTool(Tool[EchoArgs]):
    """Returns its text, and an image when asked."""

    name = "echo"
    description = "Echo text (and optionally a base64 PNG)."
    input_model = EchoArgs
    read_only = True

    async def execute(self, args: EchoArgs, ctx: ToolContext) -> ToolOutput | str:
        from orkas_jupyter.engine import ImagePart, TextPart

        content: list[Any] = [TextPart(text=args.text)]
        if args.image:
            content.append(ImagePart(data=args.image))
        return ToolOutput(content=content)


@pytest.fixture
def timeline() -> Timeline:
    return Timeline()


@pytest.fixture
def sleep_tool(timeline: Timeline) -> SleepTool:
    return SleepTool(timeline)


@pytest.fixture
def write_tool(timeline: Timeline) -> WriteTool:
    return WriteTool(timeline)


@pytest.fixture
def boom_tool() -> BoomTool:
    return BoomTool()


@pytest.fixture
def echo_tool() -> EchoTool:
    return EchoTool()
