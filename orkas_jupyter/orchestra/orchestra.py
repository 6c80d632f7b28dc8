"""The group chat of one conversation (O2–O6), hosted by Commander.

`Orchestra.turn` is what a surface runs for a user message: it decides who answers (an
`@name` at the start addresses an agent; otherwise whoever holds the floor; else Commander),
runs that turn, and after a hand-off lets the new floor holder answer at once. The floor is
persisted; a strict `<handback />` at the end of the holder's reply returns it, and Commander
then resumes its pending items.

Segments: each member works in its own session (its segment): a dispatch gets a new child
session holding only its task; a floor holder keeps one session per conversation with the
messages addressed to it. Commander's session is the conversation: it holds everything,
including the holder's replies (marked with `member`, attributed by name for the model).

The surface sees one stream: every segment's events (stamped with the agent, and for a
dispatch with the parent call), then ONE final `done`/`error` whose result sums the turn."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

from ..engine.errors import ToolError
from ..engine.events import Done, Error, Event, Notice, TurnResult, Usage
from ..engine.messages import ImagePart, Message, TextPart, user_message
from ..engine.timing import CancelToken
from ..engine.tools import ApprovalCallback
from ..host.host import AgentHost
from ..host.observers import TurnObserver
from ..host.profile import DEFAULT_PROFILE, AgentProfile
from .actions import TeamToolset
from .agent_files import AgentDef
from .plan_model import PlanError, PlanSpec
from .plan_tools import PlanToolset
from .planner import Planner
from .team import COMMANDER, Floor, OutsideRunner, Team, TeamState, member_profile

__all__ = ["HANDBACK", "Orchestra", "parse_address", "strip_handback"]

_ADDRESS = re.compile(r"^\s*@([A-Za-z0-9][A-Za-z0-9_-]*)(?=[\s:,]|$)[:,]?\s*")
_HANDBACK = re.compile(r"(?:^|\n)[ \t]*<handback\s*/>[ \t]*\s*$")
HANDBACK = "<handback />"

FLOOR_NOTE = f"""
You have the floor: you talk with the user directly, and their next messages come to you.
When your part is done and the user should go back to Commander, end your reply with the
marker {HANDBACK} alone on its last line (never inside code). Otherwise do not write it."""

TEAM_SECTION = """## Your team
You host a team of agents in this conversation. Assign work only with these actions (never
by writing @names in your reply): dispatch_to(agent, task) — the agent does the task and its
answer comes back to you (several dispatches in one response run at the same time; give each
a self-contained task, the agent sees nothing else); hand_off_to(agent, note, pending) — the
agent takes the floor and talks with the user directly until it hands back; run_worker(task)
— an anonymous helper with your tools. Agents:"""


def parse_address(text: str) -> tuple[str | None, str]:
    """(`name`, the rest) when `text` starts with `@name`; (None, text) otherwise."""
    match = _ADDRESS.match(text)
    if match is None:
        return None, text
    return match.group(1).lower(), text[match.end():]


def strip_handback(text: str) -> tuple[str, bool]:
    """The reply without a final `<handback />` line, and whether it had one. Strict: only
    alone on the last line, and not inside an unclosed code fence."""
    match = _HANDBACK.search(text)
    if match is None:
        return text, False
    before = text[:match.start()]
    if before.count("```") % 2 == 1:  # the marker sits inside a code block
        return text, False
    return before.rstrip(), True


class Orchestra:
    """Commander's team for one host: the team tools, the agents' prompt section, the floor,
    and the routing of each user message."""

    def __init__(self, host: AgentHost) -> None:
        self.host = host
        self.team = Team(lambda: host.settings)
        self.toolset = TeamToolset(self)
        # Set by the Jupyter layer: runs agent files that name an outside CLI (`command:`).
        self.outside: OutsideRunner | None = None
        # Before any agent is built: every agent lists it (it offers tools to Commander only).
        host.toolsets.append(self.toolset)
        host.prompt_sections.append(self._prompt_section)
        self._state: TeamState | None = None
        # Plans (O7): Commander's create_plan, the orchestrator that owns their status.
        self.plans = Planner(self)
        host.toolsets.append(PlanToolset(self.plans))

    @property
    def state(self) -> TeamState:
        if self._state is None:
            self._state = TeamState(self.host.store())
        return self._state

    def member(self, name: str) -> AgentDef:
        """The agent called `name`; a ToolError the model can act on otherwise."""
        agent = self.team.get(name.strip().lstrip("@").lower())
        if agent is None:
            known = ", ".join(sorted(self.team.agents())) or "none defined"
            raise ToolError(f"No agent named {name!r}. Agents: {known}.")
        return agent

    def missing_tools(self, profile: AgentProfile) -> list[str]:
        """Names in `profile`'s allow-list that no tool here has (MCP tools are checked when
        their servers list them)."""
        if profile.tools is None:
            return []
        known = {t.name for t in self.host.tools()} | {"load_skill", "run_skill_script"}
        return sorted(n for n in profile.tools
                      if n not in known and not n.startswith("mcp__"))

    def _prompt_section(self, profile: AgentProfile) -> Any:
        if profile is not DEFAULT_PROFILE:
            return None

        def section() -> str:
            agents = self.team.agents()
            if not agents:
                return ""
            lines = [TEAM_SECTION]
            lines += [f"- {a.name}: {a.description}" for a in agents.values()]
            return "\n".join(lines)

        return section

    # -- a user message -------------------------------------------------------------------
    async def turn(self, session_id: str, prompt: str, *,
                   images: list[ImagePart] | None = None,
                   approve: ApprovalCallback | None = None, cancel: CancelToken | None = None,
                   observers: Sequence[TurnObserver] = (), model: str | None = None
                   ) -> AsyncIterator[Event]:
        """Run one user message through the conversation; one final `done`/`error`."""
        run = _Run(self, session_id, images=images, approve=approve,
                   cancel=cancel or CancelToken(), observers=observers, model=model)
        async for event in run.route(prompt):
            yield event
        yield run.final()

    async def plan(self, session_id: str, action: str, *, spec: PlanSpec | None = None,
                   step: int = 0, text: str = "", approve: ApprovalCallback | None = None,
                   cancel: CancelToken | None = None) -> AsyncIterator[Any]:
        """A user's plan action (`start` a written plan, `resume`, `answer` a blocked step,
        `edit`), then the plan driven until it needs the user or ends."""
        try:
            if action == "start" and spec is not None:
                await self.plans.create(session_id, spec, request=spec.title or text)
                self.plans.created.pop(session_id, None)
            elif action == "edit" and spec is not None:
                await self.plans.edit(session_id, spec)
            elif action == "answer":
                await self.plans.answer(session_id, step, text)
            elif action == "resume":
                await self.plans.resume(session_id)
            else:
                raise PlanError(f"unknown plan action {action!r}")
        except PlanError as exc:
            yield Error(kind="input", message=str(exc))
            return
        async for event in self.plans.drive(session_id, approve=approve, cancel=cancel):
            yield event


class _Run:
    """One user message's way through the conversation."""

    def __init__(self, orchestra: Orchestra, session_id: str, *,
                 images: list[ImagePart] | None, approve: ApprovalCallback | None,
                 cancel: CancelToken, observers: Sequence[TurnObserver],
                 model: str | None) -> None:
        self.o = orchestra
        self.session_id = session_id
        self.images = images
        self.approve = approve
        self.cancel = cancel
        self.observers = observers
        self.model = model
        self.ended: Done | Error | None = None
        self.usage = Usage()
        self.model_calls = 0
        self.tool_calls = 0
        self.tool_errors = 0

    async def route(self, prompt: str) -> AsyncIterator[Event]:
        name, text = parse_address(prompt)
        agents = self.o.team.agents()
        state = self.o.state
        if name == COMMANDER:
            floor = await state.floor(self.session_id)
            if floor.agent is not None:
                await state.set_floor(self.session_id, Floor())
                yield Notice(message=f"Commander has the floor again (it was {floor.agent}'s).",
                             kind="floor")
            if not text.strip():
                return
            # The history shows the floor change again after a reload (meta `floor_from`).
            message = (user_message(text, self.images, floor_from=floor.agent)
                       if floor.agent is not None else text)
            async for event in self.commander(message):
                yield event
            return
        if name is not None and name in agents and agents[name].command is not None:
            self.ended = Error(kind="input", message=(
                f"@{name} is an outside command ({agents[name].command}); ask Commander to "
                "dispatch to it. Nothing was sent."))
            return
        if name is not None and name in agents:
            # Addressed directly: one message to that agent, the floor stays where it is.
            async for event in self.member_turn(agents[name], text, holds_floor=False):
                yield event
            return
        if name is not None and agents and name not in agents:
            known = ", ".join(f"@{n}" for n in sorted(agents))
            self.ended = Error(kind="input", message=(
                f"There is no agent @{name} (agents: {known}; @commander for Commander). "
                "Nothing was sent."))
            return
        floor = await state.floor(self.session_id)
        if floor.agent is not None:
            holder = agents.get(floor.agent)
            if holder is not None:
                async for event in self.member_turn(holder, prompt, holds_floor=True):
                    yield event
                return
            await state.set_floor(self.session_id, Floor())
            yield Notice(message=f"{floor.agent} had the floor but is no longer defined (its "
                         "agent file is gone); Commander answers.", kind="floor")
        async for event in self.commander(prompt):
            yield event

    async def commander(self, text: str | Message) -> AsyncIterator[Event]:
        """Commander's turn; after a hand-off in it, the new holder answers the same message."""
        state = self.o.state
        before = await state.floor(self.session_id)
        async for event in self.segment(DEFAULT_PROFILE, self.session_id, text):
            yield event
        if not isinstance(self.ended, Done):
            return
        if self.o.plans.created.pop(self.session_id, None) is not None:
            # Commander wrote a plan: the orchestrator runs it now, in this turn.
            await self.o.plans.set_request(self.session_id,
                                           text.text if isinstance(text, Message) else text)
            async for event in self.o.plans.drive(self.session_id, approve=self.approve,
                                                  cancel=self.cancel):
                if isinstance(event, Done) and event.parent_call_id is None:
                    self._count(event)
                    self.ended = event
                    continue
                yield event
            return
        after = await state.floor(self.session_id)
        if after.agent is None or after.agent == before.agent:
            return
        holder = self.o.team.get(after.agent)
        if holder is None:
            return
        yield Notice(message=f"Commander handed the floor to {holder.name}.", kind="floor")
        question = text.text if isinstance(text, Message) else text
        async for event in self.member_turn(holder, question, holds_floor=True,
                                            note=after.note, first=True):
            yield event

    async def member_turn(self, agent: AgentDef, text: str, *, holds_floor: bool,
                          note: str = "", first: bool = False) -> AsyncIterator[Event]:
        """`agent` answers the user in its floor segment; the exchange is copied into
        Commander's session; a hand-back returns the floor and resumes pending items."""
        profile = member_profile(agent)
        if holds_floor:
            profile = profile.model_copy(update={"system_prompt": profile.system_prompt
                                                 + "\n" + FLOOR_NOTE})
        segment = f"{self.session_id}/{agent.name}"
        floor = await self.o.state.floor(self.session_id)
        await self.o.state.link(segment, self.session_id, floor.call_id, agent.name,
                                title=f"{agent.name} in conversation")
        body = f"[Commander handed you the floor: {note}]\n\n{text}" if note else text
        message = user_message(body, self.images)
        try:
            async for event in self.segment(profile, segment, message):
                yield event
        finally:
            self.o.host.forget(segment, profile)
        answer = (self.ended.result.text if isinstance(self.ended, Done) else "")
        answer, handed_back = strip_handback(answer)
        if isinstance(self.ended, Done):
            self.ended = self.ended.model_copy(update={"result": self.ended.result.model_copy(
                update={"text": answer})})
        await self._mirror(agent.name, text, answer, with_question=not first,
                           handed_back=holds_floor and handed_back)
        if not (holds_floor and handed_back and isinstance(self.ended, Done)):
            return
        floor = await self.o.state.floor(self.session_id)
        await self.o.state.set_floor(self.session_id, Floor())
        yield Notice(message=f"{agent.name} handed the floor back to Commander.", kind="floor")
        if floor.pending:
            items = "\n".join(f"- {p}" for p in floor.pending)
            resume = user_message(f"[{agent.name} handed the floor back to you. Your pending "
                                  f"items:]\n{items}", handback=agent.name)
            async for event in self.segment(DEFAULT_PROFILE, self.session_id, resume):
                yield event

    async def _mirror(self, name: str, question: str, answer: str, *,
                      with_question: bool, handed_back: bool = False) -> None:
        """Commander sees everything: the exchange goes into its session too."""
        messages: list[Message] = []
        if with_question:
            messages.append(user_message(question, to=name))
        if answer or handed_back:
            meta: dict[str, str | int | float | bool] = {"member": name}
            if handed_back:  # the history shows the hand-back again after a reload
                meta["handed_back"] = True
            messages.append(Message(role="assistant", parts=[
                TextPart(text=answer or "(hands the floor back)")], meta=meta))
        if messages:
            await self.o.host.store().append(self.session_id, messages)

    async def segment(self, profile: AgentProfile, session_id: str,
                      prompt: str | Message) -> AsyncIterator[Event]:
        """One agent's turn; its own final event is kept for `final()`, not passed on."""
        self.ended = None
        model = self.model if profile is DEFAULT_PROFILE else None
        images = self.images if isinstance(prompt, str) else None
        async for event in self.o.host.run_turn(profile, session_id, prompt, images=images,
                                                approve=self.approve, cancel=self.cancel,
                                                observers=self.observers, model=model):
            if isinstance(event, Done | Error) and event.result is not None:
                # The turn's counts include its dispatches' and workers' (they are forwarded
                # with the call that started them).
                self._count(event)
            if isinstance(event, Done | Error) and event.parent_call_id is None:
                self.ended = event
                continue
            yield event

    def _count(self, event: Done | Error) -> None:
        result = event.result
        if result is not None:
            self.usage = self.usage + result.usage
            self.model_calls += result.model_calls
            self.tool_calls += result.tool_calls
            self.tool_errors += result.tool_errors

    def final(self) -> Done | Error:
        """The turn's one final event: the last segment's, with the whole turn's counts."""
        ended = self.ended
        if ended is None:
            return Error(message="the turn ended without a result", kind="internal")
        if ended.result is None:
            return ended
        result: TurnResult = ended.result.model_copy(update={
            "usage": self.usage, "model_calls": self.model_calls,
            "tool_calls": self.tool_calls, "tool_errors": self.tool_errors})
        return ended.model_copy(update={"result": result})
