"""Record/replay of model exchanges (P7): a canonical request hash → the response's events.

Modes: `off` (pass through), `record` (call the model, store every completed response),
`replay` (serve stored responses only; a miss is a `ReplayMissError` naming the request),
`auto` (replay when recorded, else call and record).

The hash covers what the conversation decides — model, messages (roles and parts, without
ids, timestamps or annotations), the tool set (names and parameter schemas), max_tokens and
purpose. It leaves out what differs between machines or orkas versions while the
conversation stays the same, so a recorded notebook replays elsewhere and after an upgrade:
the system prompt (harness wording, plus the user's memory), tool descriptions, image bytes
(a plot's PNG differs between matplotlib builds; the media type stays), memory addresses
(`0x7f…`), durations in seconds (`0.3 s`) and the substitutions the caller names (the
workspace path). Never keys, timeouts, base URLs or the session id.

Payload (a JSON string, format `orkas-recording` version 1)::

    {"format": "orkas-recording", "version": 1, "key": "<sha256 hex>",
     "model": "openai/gpt-4o", "request": {"messages": 5, "tools": 3, "last_user": "…"},
     "canonical": {…the hashed request…},
     "events": [{"type": "text", "text": "…"}, {"type": "tool_call", …},
                {"type": "end", "message": {…}, "usage": {…}, "finish_reason": "stop"}]}

`events` are the provider events exactly as streamed, so a replay yields the same sequence;
only the final message gets a fresh id and timestamp (a history never holds one id twice).

A recording answers the conversation it recorded, whichever model is configured now: when
the configured model's key misses, a store that lists its models (`recorded_models()`) is
asked under the key each of those models gives, so an example recorded with one model
replays for a user who exported another. Only `record` calls the configured model for every
request. A store whose `replay_only` names a model (one adopted from the recording because
none is configured) never has a miss sent to it: the turn ends with one message saying so.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from typing import Any, Literal, Protocol

from pydantic import TypeAdapter

from ..engine.errors import NonRetryableProviderError, ProviderSetupError
from ..engine.history import distinct_call_ids
from ..engine.messages import Message, new_id
from ..engine.provider import (
    ModelInfo,
    ModelRequest,
    Provider,
    ProviderEvent,
    StreamEnd,
    complete_from_stream,
)
from .errors import ReplayMissError

log = logging.getLogger(__name__)

ReplayMode = Literal["off", "record", "replay", "auto"]
PAYLOAD_FORMAT = "orkas-recording"
PAYLOAD_VERSION = 1

_EVENTS: TypeAdapter[list[ProviderEvent]] = TypeAdapter(list[ProviderEvent])


class RecordingStore(Protocol):
    """Where recordings live (in memory here; DuckDB in the store layer)."""

    async def get_recording(self, key: str) -> str | None:
        """The payload stored under `key`, or None."""
        ...

    async def put_recording(self, key: str, payload: str) -> None:
        """Store `payload` under `key`, replacing any earlier one."""
        ...


class InMemoryRecordingStore:
    """Recordings in a dict: tests and scratch sessions (lost when the process ends)."""

    def __init__(self, recordings: dict[str, str] | None = None) -> None:
        self.recordings: dict[str, str] = dict(recordings or {})

    async def get_recording(self, key: str) -> str | None:
        """The payload stored under `key`, or None."""
        return self.recordings.get(key)

    async def put_recording(self, key: str, payload: str) -> None:
        """Store `payload` under `key`."""
        self.recordings[key] = payload

    def recorded_models(self) -> list[str]:
        """The models that answered the stored recordings, in the order first stored."""
        return list(dict.fromkeys(m for p in self.recordings.values()
                                  if (m := _payload_model(p)) is not None))


_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,16}\b")
# Timings in tool results ("Exit code 0 (0.3 s).") differ run to run.
_SECONDS = re.compile(r"\b\d+(?:\.\d+)? s\b")
Substitutions = tuple[tuple[str, str], ...]


def normal_text(text: str, substitutions: Substitutions = ()) -> str:
    """`text` as the hash sees it: the named substitutions made, addresses and durations
    blanked."""
    for old, new in substitutions:
        if old:
            text = text.replace(old, new)
    return _SECONDS.sub("… s", _ADDRESS.sub("0x…", text))


def _canonical_part(part: dict[str, Any], substitutions: Substitutions) -> dict[str, Any]:
    if part.get("type") == "image":
        return {"type": "image", "media_type": part.get("media_type")}
    out = dict(part)
    # Added after recordings existed, and an id like the others: never part of the hash.
    out.pop("provider_id", None)
    if part.get("type") == "text":
        out["text"] = normal_text(part["text"], substitutions)
    if part.get("type") == "tool_result":
        out["content"] = [_canonical_part(p, substitutions) for p in part["content"]]
    return out


def canonical_message(message: Message, substitutions: Substitutions = ()) -> dict[str, Any]:
    """A message's role and parts, normalised as the hash sees them."""
    return {"role": message.role, "parts": [_canonical_part(p.model_dump(mode="json"),
                                                           substitutions)
                                            for p in message.parts]}


# Tools that come from the machine rather than the notebook: skills found in the user's
# folders and MCP servers they configured. A notebook recorded on one machine must replay on
# another that has other skills or servers, so these are not part of a request's key.
_MACHINE_TOOLS = frozenset({"load_skill", "run_skill_script",
                            # The team's and plans' tools depend on the workspace's agent
                            # files and on whether a plan is running.
                            "run_worker", "dispatch_to", "hand_off_to", "create_plan",
                            "plan_step", "ask_user", "report_failure"})
_MACHINE_TOOL_PREFIX = "mcp__"
# Commander's save_skill ("script it", X5) came with the skills toolset: recordings made
# before it must still replay.
_MACHINE_TOOLS |= {"save_skill"}


def portable_tool(name: str) -> bool:
    """False for tools that depend on the machine (skills, MCP servers)."""
    return name not in _MACHINE_TOOLS and not name.startswith(_MACHINE_TOOL_PREFIX)


def canonical_request(request: ModelRequest, model: str,
                      substitutions: Substitutions = ()) -> dict[str, Any]:
    """The parts of a request that decide the answer, in a stable, portable shape."""
    canonical = {
        "model": model,
        "messages": [canonical_message(m, substitutions) for m in request.messages],
        "tools": [{"name": t.name, "parameters": t.parameters} for t in request.tools
                  if portable_tool(t.name)],
        "max_tokens": request.max_tokens,
        "purpose": request.purpose,
    }
    if request.agent:  # only team members' requests: older recordings keep their keys
        canonical["agent"] = request.agent
    return canonical


def canonical_key(canonical: dict[str, Any]) -> str:
    """SHA-256 (hex) of a canonical request."""
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def request_key(request: ModelRequest, model: str, substitutions: Substitutions = ()) -> str:
    """SHA-256 (hex) of the canonical request."""
    return canonical_key(canonical_request(request, model, substitutions))


def describe_request(request: ModelRequest, model: str) -> dict[str, Any]:
    """A short, human-readable summary of a request (for payloads and miss errors)."""
    last_user = next((m.text for m in reversed(request.messages) if m.role == "user"), "")
    return {"messages": len(request.messages), "tools": len(request.tools),
            "purpose": request.purpose, "last_user": last_user[:120]}


def encode_payload(key: str, model: str, request: ModelRequest,
                   events: list[ProviderEvent], canonical: dict[str, Any] | None = None) -> str:
    """The JSON payload for one recorded response."""
    return json.dumps({
        "format": PAYLOAD_FORMAT, "version": PAYLOAD_VERSION, "key": key, "model": model,
        "request": describe_request(request, model),
        "canonical": canonical if canonical is not None else canonical_request(request, model),
        "events": [e.model_dump(mode="json") for e in events],
    }, ensure_ascii=False)


def decode_payload(payload: str) -> list[ProviderEvent]:
    """The events of a payload; raises `ValueError` for an unknown or damaged payload."""
    try:
        data = json.loads(payload)
    except json.JSONDecodeError as exc:
        raise ValueError(f"recording is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != PAYLOAD_FORMAT:
        raise ValueError("not an orkas recording")
    if data.get("version") != PAYLOAD_VERSION:
        raise ValueError(f"unsupported recording version {data.get('version')!r}")
    events = _EVENTS.validate_python(data.get("events"))
    if not events or not isinstance(events[-1], StreamEnd):
        raise ValueError("recording does not end with a complete response")
    return events


class RecordReplayProvider:
    """Wraps a provider with record/replay (P7).

    `replayed` and `recorded` count responses served and stored; `notices` collects what a
    caller should show (a stale recording in auto mode). A store with an
    `explain_miss(canonical, strict) -> str | None` method turns a miss into a report of what
    no longer matches (the notebook recording does: cell, turn, first differing message)."""

    def __init__(self, inner: Provider, store: RecordingStore, mode: ReplayMode,
                 default_model: str, substitutions: Substitutions = ()) -> None:
        self.inner = inner
        self.store = store
        self.mode: ReplayMode = mode
        self.default_model = default_model
        self.substitutions = substitutions
        self.replayed = 0
        self.recorded = 0
        # The model that recorded each replayed answer, in order (the cell's note names it).
        self.replayed_models: list[str] = []
        self.notices: list[str] = []
        self._noticed: set[str] = set()

    def model_info(self, model: str | None) -> ModelInfo:
        """The wrapped provider's model info (litellm's local map: no network)."""
        return self.inner.model_info(model)

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        """Serve a recording, or call the model (and record), as the mode says."""
        if self.mode == "off":
            async for event in self.inner.stream(request):
                yield event
            return
        model = request.model or self.default_model
        canonical = canonical_request(request, model, self.substitutions)
        key = canonical_key(canonical)
        if self.mode in ("replay", "auto"):
            found = await self._find(request, model, key)
            if found is not None:
                recorded, answered_by = found
                self.replayed += 1
                self.replayed_models.append(answered_by)
                for event in _replayed(recorded):
                    yield event
                return
            explain = getattr(self.store, "explain_miss", None)
            replay_only = getattr(self.store, "replay_only", None)
            only_replays = replay_only is not None and replay_only == model
            detail = (explain(canonical, strict=self.mode == "replay")
                      if explain is not None else None)
            if only_replays:
                raise ReplayOnlyError(replay_only_miss(model, self._where(), detail))
            if self.mode == "replay":
                raise ReplayMissError(detail + "\nRecord it again with `%orkas replay auto` "
                                      "(or ORKAS_REPLAY=auto) and a working model."
                                      if detail else self._miss_message(request, model, key))
            if detail and key not in self._noticed:  # once, not again for each retry
                self._noticed.add(key)
                self.notices.append(detail + "\nCalling the model to record a new answer.")
        elif getattr(self.store, "replay_only", None) == model:
            raise ReplayOnlyError(
                f"no model is configured to record with: {describe_recorded_model(model)}, "
                "the recording's model, only replays what it recorded. Set a real one with "
                "`%orkas model provider/model` and its key (docs/models.md).")
        events: list[ProviderEvent] = []
        async for event in self.inner.stream(request):
            events.append(event)
            yield event
        if events and isinstance(events[-1], StreamEnd):
            await self.store.put_recording(key, encode_payload(key, model, request, events,
                                                               canonical))
            self.recorded += 1

    async def _find(self, request: ModelRequest, model: str,
                    key: str) -> tuple[list[ProviderEvent], str] | None:
        """The recorded events for `request` and the model that answered them: under the
        configured model's key, else under the key each model the store holds gives."""
        payload = await self.store.get_recording(key)
        if payload is not None:
            events = self._decode(key, payload)
            if events is not None:
                return events, model  # the key names the model
        listed = getattr(self.store, "recorded_models", None)
        # Looked up without counting as a new request of the turn (the request is `key`).
        peek = getattr(self.store, "peek_recording", self.store.get_recording)
        for other in (listed() if listed is not None else []):
            if other == model:
                continue
            other_key = request_key(request, other, self.substitutions)
            payload = await peek(other_key)
            if payload is not None:
                events = self._decode(other_key, payload)
                if events is not None:
                    return events, other
        return None

    def _where(self) -> str:
        path = getattr(self.store, "path", None)
        return f"`{path.name}`" if path is not None else "the workspace store"

    @staticmethod
    def _miss_message(request: ModelRequest, model: str, key: str) -> str:
        summary = describe_request(request, model)
        return (f"No recording for this model request (key {key[:16]}, model {model}, "
                f"{summary['messages']} messages, {summary['tools']} tools, last user "
                f"message {summary['last_user']!r}). Record it first with "
                "ORKAS_REPLAY=record or auto, with a working model.")

    async def complete(self, request: ModelRequest) -> StreamEnd:
        """One response, not streamed to the caller (same path as `stream`)."""
        return await complete_from_stream(self, request)

    async def validate_auth(self) -> dict[str, str | None]:
        """The wrapped stack's key check; nothing to check in replay mode or for a model that
        only replays (no model is called)."""
        validate = getattr(self.inner, "validate_auth", None)
        only_replays = getattr(self.store, "replay_only", None) == self.default_model
        if self.mode == "replay" or validate is None or only_replays:
            return {}
        report: dict[str, str | None] = await validate()
        return report

    def _decode(self, key: str, payload: str) -> list[ProviderEvent] | None:
        try:
            return decode_payload(payload)
        except ValueError as exc:
            if self.mode == "auto":
                log.warning("recording %s is unreadable (%s); recording it again", key[:16], exc)
                return None
            raise NonRetryableProviderError(
                f"The recording for this request (key {key[:16]}) is unreadable: {exc}. "
                "Record it again with ORKAS_REPLAY=record.") from None


SCRIPTED_EXAMPLE_MODEL = "openai/orkas-scripted-example"


class ReplayOnlyError(ReplayMissError, ProviderSetupError):
    """A request for the recording's own model, adopted only to replay (no model is
    configured): nothing was sent, and the message says how to set a real model."""


def describe_recorded_model(model: str) -> str:
    """How a message names the model a recording came from."""
    if model == SCRIPTED_EXAMPLE_MODEL:
        return f"a scripted example model (`{model}`, not one you can call)"
    return f"`{model}`"


def replay_only_miss(model: str, where: str, detail: str | None = None) -> str:
    """The one message for a request the recording lacks when no model is configured and
    the recording's own model (adopted only to replay) would be the one to ask."""
    head = (detail + "\n\nThe recording's" if detail
            else f"this question is not in the recording {where}, whose")
    return (f"{head} answers came from {describe_recorded_model(model)}; no model is "
            "configured to answer new questions, so nothing was sent. Set a real one with "
            "`%orkas model provider/model` (e.g. `openai/gpt-4o`) and its key, or export "
            "ORKAS_MODEL before starting Jupyter (docs/models.md); recorded questions keep "
            "replaying.")


def _payload_model(payload: str) -> str | None:
    try:
        model = json.loads(payload).get("model")
    except (json.JSONDecodeError, AttributeError):
        return None
    return model if isinstance(model, str) else None


def _replayed(events: list[ProviderEvent]) -> list[ProviderEvent]:
    end = events[-1]
    assert isinstance(end, StreamEnd)
    # A recording made before duplicate call ids were mended may hold one; replaying it must
    # not break the session's pairing check.
    # Marked "replayed" so the usage ledger keeps it apart from spend (meta is never part of
    # a request's key).
    message = distinct_call_ids(end.message)
    fresh = message.model_copy(update={"id": new_id("msg"), "created_at": time.time(),
                                       "meta": {**message.meta, "replayed": True}})
    return [*events[:-1], end.model_copy(update={"message": fresh})]
