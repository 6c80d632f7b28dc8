"""Turn checkpoints for the host: each root turn gets a `TurnCheckpoint` (tools/checkpoint.py)
whose changes are kept in the workspace store as they happen, and `%orkas undo` reads them back
and records the undo in the session, so the model knows on its next turn.

Root turns and team turns: `begin_turn` starts a checkpoint only when none is running in the
caller's context. A team's child turn runs inside a tool call of its parent's turn (the engine
runs tools in the turn's task, which inherits the context), so it joins the root turn's
checkpoint by itself. Code that runs a child turn elsewhere (another task made outside the
tool call, another thread) must carry the context along: `contextvars.copy_context().run(…)`,
or `asyncio.create_task(…, context=ctx)` with the tool call's `copy_context()`.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import contextvars
import json
import logging
from typing import Any, Protocol

from pydantic import BaseModel

from ..engine.messages import ImagePart, Message, user_message
from ..tools.checkpoint import (
    CURRENT,
    CellChange,
    Change,
    FileChange,
    TurnCheckpoint,
    change_from_json,
    current_checkpoint,
)


class AgentHost(Protocol):
    """What checkpoints use of the host (its settings and store); no import of host.py."""

    settings: Any

    def store(self) -> Any: ...

log = logging.getLogger(__name__)
WITHHELD_SECRET = "its earlier content held a credential value, which the store never keeps"
# What `begin_turn` gives `end_turn`: the root turn's checkpoint and the context token.
Started = tuple[TurnCheckpoint, contextvars.Token[TurnCheckpoint | None]] | None


class TurnInfo(BaseModel):
    """A root turn that changed something."""

    turn_id: str
    session_id: str
    prompt: str = ""
    started_at: float
    ended_at: float | None = None
    undone_at: float | None = None
    undo_report: str | None = None
    changes: int = 0


def turn_message(prompt: str | Message, images: list[ImagePart] | None) -> Message:
    """The turn's user message (made here so its id can name the turn's checkpoint)."""
    return prompt if isinstance(prompt, Message) else user_message(prompt, images)


def begin_turn(host: AgentHost, session_id: str, user: Message, approve: Any) -> Started:
    """Make a root turn's checkpoint current (named by its user message); a team's turn joins
    the running one (None). The result goes to `end_turn`."""
    if current_checkpoint() is not None:
        return None
    client = getattr(host.store(), "sync", None)
    text = " ".join(user.text.split())[:300]
    checkpoint = TurnCheckpoint(
        user.id, session_id,
        persist=_persister(client, user.id, session_id, text) if client is not None else None,
        # Review asks someone: a turn with no surface to ask (approve=None) is never reviewed.
        review=bool(getattr(host.settings, "review", False)) and approve is not None)
    return checkpoint, CURRENT.set(checkpoint)


async def end_turn(host: AgentHost, started: Started) -> None:
    """The root turn ended: its checkpoint stops being current, and is marked finished."""
    if started is None:
        return
    checkpoint, token = started
    checkpoint.ended = True
    with contextlib.suppress(ValueError):  # closed from another context (garbage collection)
        CURRENT.reset(token)
    await checkpoint.flush()
    client = getattr(host.store(), "sync", None)
    if not checkpoint.changes or client is None:
        return
    try:
        await asyncio.to_thread(client.call, "checkpoint.end", turn_id=checkpoint.turn_id)
    except Exception:  # the turn is over either way; undo then says it never finished
        log.warning("could not mark turn %s finished", checkpoint.turn_id, exc_info=True)


def _persister(client: Any, turn_id: str, session_id: str, prompt: str) -> Any:
    async def persist(seq: int, change: Change, agent: str, call_id: str) -> None:
        if _holds_secret(change, client):  # a secret never lands in the store
            change = _without_before(change, client)
        payload = change.model_dump_json()
        target = change.cell_id if isinstance(change, CellChange) else change.path
        await asyncio.to_thread(
            client.call, "checkpoint.record", turn_id=turn_id, session_id=session_id,
            prompt=client.redact(prompt), seq=seq, agent=agent, call_id=call_id,
            kind=f"{change.type}.{change.kind}", target=target, payload=payload)
    return persist


def _holds_secret(change: Change, client: Any) -> bool:
    """Does the change's before-state (or its label) hold a credential value? File content
    is kept in base64, so it is checked decoded."""
    if isinstance(change, FileChange):
        text = base64.b64decode(change.before or "").decode("utf-8", errors="replace")
    else:
        text = change.label + json.dumps(change.before, ensure_ascii=False)
    return bool(client.redact(text) != text)


def _without_before(change: Change, client: Any) -> Change:
    if isinstance(change, FileChange):
        return change.model_copy(update={"before": "" if change.before is not None else None,
                                         "withheld": WITHHELD_SECRET})
    return change.model_copy(update={"before": None, "withheld": WITHHELD_SECRET,
                                     "label": client.redact(change.label)})


# -- reading checkpoints back (undo) -------------------------------------------------------

def list_turns(client: Any, session_id: str, limit: int = 20) -> list[TurnInfo]:
    """The session's turns that changed something, newest first."""
    return [TurnInfo.model_validate(r)
            for r in client.call("checkpoint.turns", session_id=session_id, limit=limit)]


def load_turn(client: Any, turn_id: str) -> tuple[TurnInfo, list[Change]]:
    """One turn and its changes in the order they happened."""
    data = client.call("checkpoint.turn", turn_id=turn_id)
    changes = [change_from_json(json.loads(c["payload"])) for c in data.pop("changes")]
    data["changes"] = len(changes)
    return TurnInfo.model_validate(data), changes


async def record_undo(host: AgentHost, info: TurnInfo, lines: list[str]) -> None:
    """Mark the turn undone and tell its session: the model reads the note on its next turn."""
    client = host.store().sync
    report = "\n".join(lines)
    await asyncio.to_thread(client.call, "checkpoint.undone", turn_id=info.turn_id,
                            report=report)
    asked = f" (“{info.prompt[:120]}”)" if info.prompt else ""
    note = (f"[Orkas] The user undid your turn {info.turn_id}{asked} with `%orkas undo`. "
            "The notebook and files are as below; read cells and files again before you "
            "change them.\n" + "\n".join(f"- {line}" for line in lines))
    await host.store().append(info.session_id, [user_message(note, undo=True)])
