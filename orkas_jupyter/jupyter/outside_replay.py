"""Record/replay of outside agents' answers (P7): a notebook whose team includes a CLI
(`claude -p`, `codex exec`) replays without that CLI, its keys or its network, like the
model answers beside it.

An outside dispatch is kept as one exchange in the same recording as the model's answers (the
notebook's `<name>.orkas.json`, else the workspace store), keyed like a model request: the
"model" `outside:<agent name>`, the task as the user message, purpose `aux`. The command
line is not in the key (it names paths and binaries that differ between machines). Only a
finished, successful answer is recorded; a failure, a timeout or a Stop is not.

In `replay` a dispatch with no recorded answer is an error naming the agent and how to record
it again; in `auto` it runs the CLI and records the answer; in `record` it always runs.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import ToolError
from ..engine.messages import Message, TextPart, user_message
from ..engine.provider import ModelRequest, ProviderEvent, StreamEnd, StreamText
from ..providers.replay import (
    RecordReplayProvider,
    canonical_key,
    canonical_request,
    decode_payload,
    encode_payload,
)

PURPOSE = "aux"  # the engine's purposes; the model name says it is an outside agent


class OutsideRecording:
    """One outside dispatch's place in the kernel's recording."""

    def __init__(self, provider: RecordReplayProvider, agent: str, task: str) -> None:
        self.provider = provider
        self.agent = agent
        self.model = f"outside:{agent}"
        self.request = ModelRequest(model=self.model, messages=[user_message(task)],
                                    purpose=PURPOSE, agent=agent)
        self.canonical = canonical_request(self.request, self.model, provider.substitutions)
        self.key = canonical_key(self.canonical)

    async def recorded(self) -> str | None:
        """The recorded answer (replay and auto modes), or None to run the CLI. Raises
        `ToolError` in `replay` mode when there is none."""
        mode = self.provider.mode
        if mode not in ("replay", "auto"):
            return None
        payload = await self.provider.store.get_recording(self.key)
        if payload is not None:
            try:
                events = decode_payload(payload)
            except ValueError:
                events = []
            end = events[-1] if events else None
            if isinstance(end, StreamEnd):
                self.provider.replayed += 1
                return end.message.text
        if mode == "replay":
            raise ToolError(
                f"{self.agent}'s answer to this task is not in the recording, and in replay "
                f"mode its command is not run. Record it again with `%orkas replay auto` "
                f"(or ORKAS_REPLAY=auto) where {self.agent}'s command works.")
        return None

    async def keep(self, answer: str) -> None:
        """Record a successful answer (every mode but `off`, which never builds this)."""
        message = Message(role="assistant", parts=[TextPart(text=answer)],
                          meta={"model": self.model})
        events: list[ProviderEvent] = [StreamText(text=answer), StreamEnd(message=message)]
        await self.provider.store.put_recording(
            self.key, encode_payload(self.key, self.model, self.request, events,
                                     self.canonical))
        self.provider.recorded += 1


def outside_recording(rt: Any, agent: str, task: str) -> OutsideRecording | None:
    """The dispatch's recording when the kernel records or replays (None when it does
    not)."""
    provider = rt.host.provider() if rt.settings.replay != "off" else None
    if not isinstance(provider, RecordReplayProvider):
        return None
    return OutsideRecording(provider, agent, task)
