"""The tool protocol (E3): a name, a description, a pydantic input model, a `read_only` flag
and `execute(input, ctx)`. Validation failures and exceptions become error results, never
raised into the loop."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .messages import ImagePart, Message, TextPart

if TYPE_CHECKING:
    from .events import Event
    from .policy import ToolAction

ApprovalDecision = Literal["once", "run", "deny"]


class ApprovalRequest(BaseModel):
    """What a tool asks permission for; `summary` is shown to the user, `risk` is a class name."""

    tool: str
    summary: str
    risk: str
    detail: str = ""
    # The agent asking (set from the tool context; "" for a lone agent).
    agent: str = ""


class ApprovalCallback(Protocol):
    """Asks the user (or a policy) about a risky action."""

    async def __call__(self, request: ApprovalRequest) -> ApprovalDecision: ...


async def deny_all(request: ApprovalRequest) -> ApprovalDecision:
    """The default policy when nobody can be asked."""
    return "deny"


@dataclass
class ToolContext:
    """What a tool may use while it runs. `services` carries layer-specific objects
    (workspace sandbox, store, kernel) by name so the engine need not know their types."""

    session_id: str
    approve: ApprovalCallback = deny_all
    services: dict[str, Any] = field(default_factory=dict)
    # Risk classes approved "for this run" (T5): cleared at the start of each turn.
    approved_for_run: set[str] = field(default_factory=set)
    # The id of the call being executed (set per call; the other fields are shared).
    call_id: str | None = None
    # The name of the agent whose turn this is ("" for a lone agent).
    agent: str = ""
    # The turn's event stream: a tool that runs other agents' turns (a team's dispatch)
    # forwards their events here, so the surface shows them at the call.
    emit: Callable[[Event], None] | None = None
    # Set by a tool whose result ends the turn (a hand-off of the floor): after this round
    # of results the model is not called again. Reasons, one per asking call.
    end_turn: list[str] = field(default_factory=list)
    # The session's messages as the running turn sees them (set by the agent): the policy
    # reads what the user has said, e.g. which hosts they named.
    conversation: Callable[[], Sequence[Message]] | None = None

    async def request_approval(self, request: ApprovalRequest) -> bool:
        """True when the action may go ahead; remembers "for this run" answers per risk class."""
        if request.risk in self.approved_for_run:
            return True
        if self.agent and not request.agent:
            request = request.model_copy(update={"agent": self.agent})
        decision = await self.approve(request)
        if decision == "run":
            self.approved_for_run.add(request.risk)
        return decision in ("once", "run")


class ToolOutput(BaseModel):
    """A tool's result: text and/or images, optionally marked as an error."""

    content: list[TextPart | ImagePart]
    is_error: bool = False

    @classmethod
    def text(cls, text: str, *, is_error: bool = False) -> ToolOutput:
        return cls(content=[TextPart(text=text)], is_error=is_error)


InputT = TypeVar("InputT", bound=BaseModel)


class Tool(ABC, Generic[InputT]):
    """Base class for tools. Subclasses set the class attributes and implement `execute`."""

    name: ClassVar[str]
    description: ClassVar[str]
    input_model: ClassVar[type[BaseModel]]
    read_only: ClassVar[bool] = False
    # May run at the same time as the response's other concurrent or read-only calls even
    # though it is not read-only (a dispatch to another agent, whose own calls are judged).
    concurrent: ClassVar[bool] = False
    # Seconds a call may take before the loop abandons it (None: the turn's default). A tool
    # with its own, longer limit (bash's `timeout`, a notebook cell) raises this.
    timeout_s: ClassVar[float | None] = None

    @abstractmethod
    async def execute(self, args: InputT, ctx: ToolContext) -> ToolOutput | str:
        """Run the tool; raise `ToolError` for a failure the model should read."""

    async def actions(self, args: InputT, ctx: ToolContext) -> list[ToolAction]:
        """What this call would do, for the turn's policy to judge (run a command, run
        code, write a path). Tools with no effect worth judging return nothing."""
        return []

    def spec(self) -> ToolSpec:
        """The JSON-Schema description sent to the model (built once per tool definition)."""
        key = (self.name, self.description, self.input_model, self.read_only)
        spec = _SPECS.get(key)
        if spec is None:
            spec = ToolSpec(name=self.name, description=self.description,
                            parameters=_schema(self.input_model), read_only=self.read_only)
            _SPECS[key] = spec
        return spec


class ToolSpec(BaseModel):
    """What the model sees of a tool."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    parameters: dict[str, Any]
    read_only: bool = False


_SPECS: dict[tuple[str, str, type[BaseModel], bool], ToolSpec] = {}


def _schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema()
    schema.pop("title", None)
    return schema


def parse_arguments(tool: Tool[Any], raw: str, name: str | None = None) -> BaseModel:
    """Validate raw JSON arguments; raises `ToolInputError` with a message for the model.
    `name` is the name the model called the tool by (a toolset may prefix it)."""
    from .errors import ToolInputError

    name = name or tool.name
    text = raw.strip() or "{}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        snippet = text if len(text) <= 200 else text[:200] + "…"
        raise ToolInputError(
            f"Arguments for {name} are not valid JSON ({exc.msg} at position {exc.pos}): "
            f"{snippet}. Send one JSON object matching the tool's schema."
        ) from None
    if not isinstance(data, dict):
        raise ToolInputError(f"Arguments for {name} must be a JSON object, got "
                             f"{type(data).__name__}.")
    try:
        return tool.input_model.model_validate(data)
    except ValidationError as exc:
        lines = [f"Invalid arguments for {name}:"]
        for err in exc.errors()[:10]:
            loc = ".".join(str(p) for p in err["loc"]) or "(root)"
            lines.append(f"- {loc}: {err['msg']}")
        required = tool.input_model.model_json_schema().get("required", [])
        if required:
            lines.append(f"Required: {', '.join(required)}.")
        raise ToolInputError("\n".join(lines)) from None


class ToolRegistry:
    """Tools by the name the model sees (a tool's own name, or a prefixed one given by its
    toolset), in registration order."""

    def __init__(self, tools: Iterable[Tool[Any]] = ()) -> None:
        self._tools: dict[str, Tool[Any]] = {}
        # Names this agent may not use, with the reason its model reads if it calls one.
        self.unavailable: dict[str, str] = {}
        for tool in tools:
            self.register(tool)

    def register(self, tool: Tool[Any], *, name: str | None = None) -> None:
        """Add a tool (under `name`, default its own); a taken name is a programming error."""
        name = name or tool.name
        if name in self._tools:
            raise ValueError(f"tool {name!r} is already registered")
        self._tools[name] = tool

    def unregister(self, name: str) -> None:
        self._tools.pop(name, None)

    def get(self, name: str) -> Tool[Any] | None:
        return self._tools.get(name)

    def names(self) -> list[str]:
        return list(self._tools)

    def specs(self) -> list[ToolSpec]:
        specs = []
        for name, tool in self._tools.items():
            spec = tool.spec()
            specs.append(spec if spec.name == name else spec.model_copy(update={"name": name}))
        return specs

    def items(self) -> list[tuple[str, Tool[Any]]]:
        return list(self._tools.items())

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

