"""`Evolution`: self-evolution installed on an agent host (V1, V2; docs/evolution.md).

It adds three things to the host, all inert until an agent is bound with
`%orkas evolve on AGENT`: a turn-observer factory (a `TurnWatch` for turns of bound agents
only), the private-skills root of the skills catalog, and Commander's prompt section listing
the agents' competence profiles.

Scheduling: a turn's report is handed over when the turn ends; the work runs in its own task
on the agent thread, started in an empty context (it never joins the turn's budget or
checkpoint), and waits until no turn is running before it reflects. Each agent's reflection is
its own task: one that fails is logged as a `failed` entry and blocks no other agent, and no
turn ever waits for one.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from ..host.profile import DEFAULT_PROFILE, AgentProfile
from .changes import ChangeRefused, Competence, private_skills_folder, revert_skill
from .config import WEIGHTS, evolution_config
from .reflect import RunInput, run_reflection
from .signals import TurnReport, TurnWatch

log = logging.getLogger(__name__)

# A reflection waits this long at most for running turns to end; the next turn tries again.
IDLE_WAIT_S = 600.0
AFTER_TURN_GRACE_S = 0.25
COMPETENCE_HEAD = ("# What your agents are good and bad at\n"
                   "Learned from their recent work (self-evolution); weigh it when you choose "
                   "whom to dispatch to.")


class EvolutionError(Exception):
    """A command about evolution that cannot be done; the message says why."""


class Evolution:
    """Self-evolution for one host."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self._bound: set[str] | None = None
        self.reflecting: set[str] = set()
        self.tasks: set[asyncio.Task[Any]] = set()

    # -- wiring -----------------------------------------------------------------------------
    @property
    def bound(self) -> set[str]:
        """The agents that evolve (read from the store on first use: installing is free)."""
        if self._bound is None:
            # Without the workspace's DuckDB store (an embedding's in-memory one) nothing
            # can be bound: evolution stays inert.
            has_store = getattr(self.host.store(), "sync", None) is not None
            self._bound = set(self._call("evolution.bound")) if has_store else set()
        return self._bound

    def _call(self, op: str, **args: Any) -> Any:
        return self.host.store().sync.call(op, **args)

    def _redact(self, text: str) -> str:
        """Credential values out (the store keeps what it is given)."""
        redact = getattr(self.host.store().sync, "redact", None)
        return redact(text) if callable(redact) else text

    def sync_undos(self) -> int:
        """Turn undone turns of bound agents into signals (once each); how many were new."""
        found: int = self._call("evolution.sync_undos", correction_weight=WEIGHTS["undo"],
                                skill_weight=WEIGHTS["skill_ineffective"])
        return found

    def observer_for(self, profile: AgentProfile, session_id: str,
                     parent_call_id: str | None) -> TurnWatch | None:
        """The host's observer factory: a watch for turns of bound agents, else None."""
        if profile.name not in self.bound:
            return None
        return TurnWatch(profile.name, session_id, parent_call_id, self.turn_ended)

    def private_root(self, agent: str) -> Path | None:
        """The catalog's seam: the agent's private skill folder, when it has one."""
        try:
            folder = private_skills_folder(self.host.settings.workspace, agent)
        except ChangeRefused:
            return None
        return folder if folder.is_dir() else None

    def competence_section(self, profile: AgentProfile) -> Any:
        """Commander's prompt section: each agent's competence profile (empty without one)."""
        if profile is not DEFAULT_PROFILE:
            return None

        async def section() -> str:
            try:
                found = await asyncio.to_thread(self._call, "evolution.profiles")
            except Exception:  # a turn never fails because of evolution
                log.warning("competence profiles could not be read", exc_info=True)
                return ""
            lines = [f"- {agent}: {Competence.model_validate_json(raw).line()}"
                     for agent, raw in found.items()]
            return "\n".join([COMPETENCE_HEAD, *lines]) if lines else ""

        return section

    # -- binding ----------------------------------------------------------------------------
    def bind(self, agent: str, enabled: bool) -> None:
        """`%orkas evolve on|off AGENT`."""
        private_skills_folder(self.host.settings.workspace, agent)  # checks the name
        self._call("evolution.bind", agent=agent, enabled=enabled)
        (self.bound.add if enabled else self.bound.discard)(agent)

    # -- after a turn -----------------------------------------------------------------------
    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        # An empty context: the work is not part of the turn (its budget, its checkpoint).
        task = asyncio.get_running_loop().create_task(coro, context=contextvars.Context())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def turn_ended(self, report: TurnReport) -> None:
        """A bound agent's turn ended (called by its watch, on the agent thread)."""
        self._spawn(self._after_turn(report))

    async def _after_turn(self, report: TurnReport) -> None:
        # Nothing happens while a turn runs, not even the store write of this report.
        idle = await self._when_idle()
        try:
            competence = await self._competence(report.agent)
            if competence is not None:
                report.add_weakness(competence.bad_at)
            await asyncio.to_thread(
                self._call, "evolution.turn", agent=report.agent, turn_id=report.turn_id,
                session_id=report.session_id, skills=report.skills, failed=report.failed,
                signals=[{"kind": k, "weight": w, "detail": self._redact(d)}
                         for k, w, d in report.signals])
            if idle:
                await self.check_all()
        except Exception:
            log.warning("self-evolution could not record a turn of %s", report.agent,
                        exc_info=True)

    async def _when_idle(self) -> bool:
        """Wait until no turn runs (reflection never runs inside a turn); False when turns
        kept running for IDLE_WAIT_S (the next turn's check tries again)."""
        # The turn's own ending (checkpoint, ledger writes) follows its last event: let it
        # finish before this work touches the store.
        await asyncio.sleep(AFTER_TURN_GRACE_S)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + IDLE_WAIT_S
        while self.host.running():
            if loop.time() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    async def check_all(self) -> None:
        """Collect undone turns, then start a reflection for each bound agent past the
        threshold and out of its cool-down."""
        await asyncio.to_thread(self.sync_undos)
        for agent in sorted(self.bound - self.reflecting):
            self.reflecting.add(agent)
            self._spawn(self._guarded(agent))

    async def _guarded(self, agent: str) -> None:
        try:
            await self.maybe_reflect(agent)
        except Exception as exc:  # logged as an entry; other agents are not affected
            log.warning("reflection of %s failed", agent, exc_info=True)
            await asyncio.to_thread(self._call, "evolution.entry_add", agent=agent,
                                    status="failed",
                                    note=self._redact(f"{type(exc).__name__}: {exc}")[:500])
        finally:
            self.reflecting.discard(agent)

    async def maybe_reflect(self, agent: str) -> str | None:
        """Reflect for `agent` if its pending signal passes the threshold and its cool-down is
        over; the logged entry's id, or None when no run was due."""
        config = evolution_config(self.host.settings)
        signals = await asyncio.to_thread(self._call, "evolution.pending", agent=agent)
        if sum(s["weight"] for s in signals) < config.threshold:
            return None
        spent = await asyncio.to_thread(self._call, "evolution.spent", agent=agent)
        if spent["last_run"] is not None and time.time() - spent["last_run"] < config.cooldown_s:
            return None
        folder = private_skills_folder(self.host.settings.workspace, agent)
        # Folder reads off the agent thread's loop: turns may be running meanwhile.
        texts = await asyncio.to_thread(_private_texts, folder)
        shared = await asyncio.to_thread(lambda: {s.name for s in self.host.skills.skills()})
        run = RunInput(agent=agent, signals=signals, private_skills=texts,
                       competence=await self._competence(agent), skills_folder=folder,
                       shared_names=shared, spent_total=spent["tokens"], redact=self._redact)
        entry = await run_reflection(run, config, provider=self.host.provider(),
                                     store=self.host.store(), settings=self.host.settings)
        if entry.get("profile_after") is not None:
            await asyncio.to_thread(self._call, "evolution.profile_set", agent=agent,
                                    profile=entry["profile_after"])
        entry_id: str = await asyncio.to_thread(self._call, "evolution.entry_add", **entry)
        return entry_id

    async def _competence(self, agent: str) -> Competence | None:
        found = await asyncio.to_thread(self._call, "evolution.profiles")
        raw = found.get(agent)
        return Competence.model_validate_json(raw) if raw else None

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait for the background work started so far (tests, closing)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.tasks and loop.time() < deadline:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    # -- log and revert ---------------------------------------------------------------------
    def entries(self, agent: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        return list(self._call("evolution.entries", agent=agent, limit=limit))

    def entry(self, entry_id: str) -> dict[str, Any]:
        try:
            return dict(self._call("evolution.entry", id=entry_id))
        except Exception as exc:
            raise EvolutionError(str(exc)) from None

    def revert(self, entry_id: str) -> str:
        """Undo an applied entry: the skill removed or restored, the profile put back."""
        entry = self.entry(entry_id)
        if entry["status"] != "applied":
            raise EvolutionError(f"entry {entry_id} is {entry['status']}; only applied "
                                 "entries can be reverted")
        agent = entry["agent"]
        done = []
        if entry["profile_after"] is not None:
            current = self._call("evolution.profiles").get(agent)
            if current != entry["profile_after"]:
                raise EvolutionError("the competence profile changed after this entry; "
                                     "revert the later entry first")
        if entry["skill"]:
            folder = private_skills_folder(self.host.settings.workspace, agent)
            try:
                revert_skill(folder, entry["skill"], entry["skill_before"],
                             entry["skill_after"])
            except ChangeRefused as exc:
                raise EvolutionError(str(exc)) from None
            done.append(f"skill {entry['skill']} " + ("removed" if entry["skill_before"] is None
                                                      else "restored"))
        if entry["profile_after"] is not None:
            self._call("evolution.profile_set", agent=agent, profile=entry["profile_before"])
            done.append("competence profile restored")
        self._call("evolution.entry_reverted", id=entry_id)
        return f"Reverted {entry_id} ({agent}): " + ", ".join(done) + "."


def _private_texts(folder: Path) -> dict[str, str]:
    texts = {}
    if folder.is_dir():
        for skill_md in sorted(folder.glob("*/SKILL.md")):
            texts[skill_md.parent.name] = skill_md.read_text(encoding="utf-8", errors="replace")
    return texts


def install_evolution(host: Any) -> Evolution:
    """Self-evolution on `host` (once; later calls return the same object). Inert until an
    agent is bound."""
    found: Evolution | None = getattr(host, "evolution", None)
    if found is not None:
        return found
    evolution = Evolution(host)
    host.evolution = evolution
    host.turn_observers.append(evolution.observer_for)
    host.prompt_sections.append(evolution.competence_section)
    host.skills.private_root = evolution.private_root
    return evolution
