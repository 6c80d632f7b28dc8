"""An MCP tool as an engine `Tool` (X2): the model sees the server's own JSON Schema, verbatim
but for the fix-ups providers need (`type: object`, a `properties` object, no `$schema`).
Arguments are checked against that schema before the policy sees the call (`fastjsonschema`,
compiled on first use: `jsonschema` takes seconds to import here); a schema it cannot compile
is still sent, and the server checks the arguments itself.

Results: text parts as text, images as image parts, embedded text resources as text, other
binary content named but not inlined, structured content as JSON when there is no text; sized
like a cell's outputs (`tools/output_size.py`: images shrunk, no base64 text, the text cut with
a note). Values of the server's secrets are redacted from results. A result is outside text
like a fetched page (an issue body, a mail, a web search): when the injection scanner flags
its text, a notice goes in front of it telling the model not to follow it (flag only).

Web addresses in a call's arguments go to the policy as web requests (`tools/outbound.py`): a
fetch-like server would send the data in them, so data for a host the user never named asks.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, get_args

import fastjsonschema
import mcp_types as types
from pydantic import BaseModel, ConfigDict, model_validator

from ...engine.errors import ToolError
from ...engine.messages import ImagePart, TextPart
from ...engine.policy import ActionKind, ToolAction
from ...engine.tools import ApprovalRequest, Tool, ToolContext, ToolOutput, ToolSpec
from ...secrets import Redactor
from ...tools.outbound import addresses_in_arguments
from ...tools.output_size import MAX_IMAGES, OutputLimits, cut_middle, fit_image, strip_base64

MAX_NAME = 64
# A destructive tool's call goes to the one policy seam as a "tool" action once the policy
# has that kind; until then the tool asks itself, through the same approval callback.
POLICY_JUDGES_TOOLS = "tool" in get_args(ActionKind)
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
SEE_MCP = ("The tool's result was cut to fit the context; ask the tool for less (a narrower "
           "query, a page or a range) if it can.")


def exposed_name(server: str, tool: str) -> str:
    """`mcp__<server>__<tool>`, with characters providers refuse replaced by `_` and long
    names shortened with a hash (providers accept 64 characters)."""
    name = f"mcp__{_UNSAFE.sub('_', server)}__{_UNSAFE.sub('_', tool)}"
    if len(name) <= MAX_NAME:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"{name[:MAX_NAME - 9]}_{digest}"


def compile_schema(schema: dict[str, Any]) -> Callable[[Any], Any] | None:
    """A validator for `schema`, or None when it cannot be compiled (then only the server
    checks the arguments)."""
    try:
        validate: Callable[[Any], Any] = fastjsonschema.compile(schema)
        return validate
    except Exception:
        return None


def model_schema(schema: dict[str, Any] | None) -> dict[str, Any]:
    """The server's input schema as sent to the model (without `$schema`, which some
    providers refuse)."""
    out = {k: v for k, v in (schema or {}).items() if k != "$schema"}
    out.setdefault("type", "object")
    if out.get("type") == "object" and not isinstance(out.get("properties"), dict):
        out["properties"] = {}
    return out


class McpArguments(BaseModel):
    """Any JSON object; the per-tool subclass checks it against the server's schema."""

    model_config = ConfigDict(extra="allow")
    json_schema: ClassVar[dict[str, Any]] = {}
    # The compiled check, made on first use (None: the schema could not be compiled).
    checker: ClassVar[Callable[[Any], Any] | bool | None] = False

    @model_validator(mode="before")
    @classmethod
    def _check(cls, data: Any) -> Any:
        if not cls.json_schema or not isinstance(data, dict):
            return data
        if cls.checker is False:
            cls.checker = compile_schema(cls.json_schema)
        if callable(cls.checker):
            try:
                cls.checker(data)
            except fastjsonschema.JsonSchemaValueException as exc:
                where = ".".join(str(p) for p in exc.path[1:]) or "(root)"
                message = str(exc.message).removeprefix(str(exc.name)).strip()
                raise ValueError(f"does not match the tool's schema: {where} {message}; "
                                 f"got {json.dumps(exc.value)[:200]}") from None
        return data

    def arguments(self) -> dict[str, Any]:
        """The arguments as the server should get them."""
        return dict(self.model_extra or {})


Caller = Callable[[str, dict[str, Any]], Awaitable[types.CallToolResult]]


class McpTool(Tool[McpArguments]):
    """One tool of one MCP server; subclasses are made per tool by `make_tool`."""

    server: ClassVar[str]
    mcp_name: ClassVar[str]
    raw_schema: ClassVar[dict[str, Any]]
    destructive: ClassVar[bool] = False

    def __init__(self, call: Caller, redactor: Redactor) -> None:
        self._call = call
        self._redactor = redactor

    def spec(self) -> ToolSpec:
        return ToolSpec(name=self.name, description=self.description,
                        parameters=self.raw_schema, read_only=self.read_only)

    async def actions(self, args: McpArguments, ctx: ToolContext) -> list[ToolAction]:
        """For the turn's policy: each web address in the arguments (the server may request
        it: data in it for a host the user never named asks), and a destructive tool's call
        (once the policy knows the "tool" kind; until then `execute` asks)."""
        arguments = args.arguments()
        actions = [ToolAction(kind="network", text=url, targets=(url,))
                   for url in addresses_in_arguments(arguments)]
        if self.destructive and POLICY_JUDGES_TOOLS:
            actions.append(ToolAction.model_validate({"kind": "tool",
                                                      "text": self._shown(arguments)}))
        return actions

    def _shown(self, arguments: dict[str, Any]) -> str:
        call = json.dumps(arguments, ensure_ascii=False, indent=1)
        return f"{self.mcp_name} of MCP server {self.server!r}, marked destructive:\n{call}"

    async def execute(self, args: McpArguments, ctx: ToolContext) -> ToolOutput:
        arguments = args.arguments()
        if self.destructive and not POLICY_JUDGES_TOOLS:
            # The server marks this tool destructive: ask, the way every approval is asked.
            allowed = await ctx.request_approval(ApprovalRequest(
                tool=self.name, risk="mcp_destructive", detail=self._shown(arguments)[:6_000],
                summary=f"Call {self.mcp_name!r} of MCP server {self.server!r}, which the "
                        "server marks as destructive"))
            if not allowed:
                raise ToolError(
                    f"Not run: {self.mcp_name} of MCP server {self.server!r} is marked "
                    "destructive and the call was denied by the user or by the approval "
                    "policy (ORKAS_APPROVAL). Do not retry it unchanged; ask the user.")
        result = await self._call(self.mcp_name, arguments)
        output = convert_result(result, self._redactor)
        return await asyncio.to_thread(flag_untrusted, output,
                                       f"this result of {self.mcp_name} ({self.server})")


def flag_untrusted(output: ToolOutput, source: str) -> ToolOutput:
    """`output` with the scanner's notice in front of its text when the text tries to
    instruct the model (flag only: nothing is removed)."""
    from ...tools.threat_scan import flag_content  # loaded on the first call

    content = flag_content(output.content, source)
    return output if content is None else output.model_copy(update={"content": content})


def make_tool(server: str, tool: types.Tool, name: str, call: Caller, redactor: Redactor,
              timeout_s: float) -> McpTool:
    """An engine tool for `tool` of `server`, exposed as `name`."""
    schema = model_schema(tool.input_schema)
    args_model = type(f"Args_{name}", (McpArguments,), {"json_schema": schema,
                                                        "__module__": __name__})
    hints = tool.annotations
    read_only = bool(hints and hints.read_only_hint)
    attrs = {
        "name": name, "description": tool.description or tool.title or tool.name,
        "input_model": args_model, "read_only": read_only, "timeout_s": timeout_s,
        "server": server, "mcp_name": tool.name, "raw_schema": schema,
        "destructive": bool(hints and hints.destructive_hint and not read_only),
        "__module__": __name__,
    }
    cls = type(f"McpTool_{name}", (McpTool,), attrs)
    return cls(call, redactor)  # type: ignore[no-any-return]


def convert_result(result: types.CallToolResult, redactor: Redactor,
                   limits: OutputLimits | None = None) -> ToolOutput:
    """The engine's output for an MCP result (see the module docstring), sized for the context
    like a cell's outputs: images shrunk, base64 in text replaced by a note, text cut to
    `limits.total_chars` with a note."""
    limits = limits or OutputLimits()
    texts: list[str] = []
    images: list[ImagePart] = []
    for block in result.content:
        if isinstance(block, types.TextContent):
            texts.append(block.text)
        elif isinstance(block, types.ImageContent):
            if len(images) >= MAX_IMAGES:
                texts.append(f"[{block.mime_type} not attached: only {MAX_IMAGES} images per "
                             "result]")
                continue
            image, note = fit_image(block.data, block.mime_type, limits.image_max_px)
            if image is not None:
                images.append(image)
            if image is None or "shown at" in note:
                texts.append(note)
        elif isinstance(block, types.EmbeddedResource):
            res = block.resource
            if isinstance(res, types.TextResourceContents):
                texts.append(f"[resource {res.uri}]\n{res.text}")
            else:
                texts.append(f"[binary resource {res.uri}, {res.mime_type or 'unknown type'}, "
                             "not shown]")
        elif isinstance(block, types.ResourceLink):
            texts.append(f"[resource link {block.uri}: {block.name}]")
        elif isinstance(block, types.AudioContent):
            texts.append(f"[audio, {block.mime_type}, not shown]")
    if not texts and result.structured_content is not None:
        texts.append(json.dumps(result.structured_content, ensure_ascii=False, indent=1))
    text = cut_middle(strip_base64("\n".join(texts)), limits.total_chars, SEE_MCP)
    if redactor:
        text = redactor(text)
    parts: list[TextPart | ImagePart] = [TextPart(text=text)] if text or not images else []
    parts += images
    return ToolOutput(content=parts, is_error=bool(result.is_error))
