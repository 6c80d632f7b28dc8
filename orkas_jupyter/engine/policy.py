"""The one policy seam for tool calls: every call, whatever its tool, passes `before_call`
after its arguments validate and before it runs, and `after_call` once it has a result.

Tools do not judge their own risk. A tool says what a call would *do* (`Tool.actions`: run this
shell command, run this Python code, write these paths); the policy the host installs
classifies those actions and asks for approval through `ToolContext.request_approval`, which
carries the turn's own approval callback. The engine knows neither the classifier nor who is
asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from .messages import ToolCallPart, ToolResultPart
    from .tools import Tool, ToolContext, ToolOutput

# "tool": a call that an outside tool (an MCP server) marks destructive; `text` shows it.
# "markdown": Markdown that will be rendered where the user sees it (a notebook cell).
ActionKind = Literal["shell", "python", "write", "read", "network", "tool", "markdown"]


class ToolAction(BaseModel):
    """One effect a tool call would have, described by the tool for the policy."""

    model_config = ConfigDict(frozen=True)

    kind: ActionKind
    # The command line or the code to run (shell, python), the Markdown (markdown); empty for
    # path actions.
    text: str = ""
    # Absolute paths read or written (read, write); a URL for network.
    targets: tuple[str, ...] = ()
    # Where a shell command or code runs (relative paths resolve against it).
    cwd: str | None = None


class ToolPolicy(Protocol):
    """Decides about every tool call of a turn (risk classification and approval)."""

    async def before_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                          ctx: ToolContext) -> ToolOutput | None:
        """None lets the call run; a `ToolOutput` (usually an error) is its result instead."""
        ...

    async def after_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                         result: ToolResultPart, ctx: ToolContext) -> ToolResultPart:
        """The result the model gets (may redact or annotate `result`)."""
        ...


class AllowAll:
    """A policy that lets every call run unchanged (engine tests, trusted embeddings)."""

    async def before_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                          ctx: ToolContext) -> ToolOutput | None:
        return None

    async def after_call(self, call: ToolCallPart, tool: Tool[Any], args: BaseModel,
                         result: ToolResultPart, ctx: ToolContext) -> ToolResultPart:
        return result
