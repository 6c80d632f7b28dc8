"""The agent host in-process: profiles and allow-lists, observers, concurrent turns with their
own approvals, stop, and a lifecycle that leaves nothing running."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import InMemorySessionStore
from orkas_jupyter.engine.events import Event
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.host import AgentHost, AgentProfile, HostClosedError


def _host(tmp_path: Path, provider: ScriptedProvider, **kw: Any) -> AgentHost:
    settings = Settings(model="scripted/model", workspace=tmp_path, home=tmp_path / "home")
    return AgentHost(settings, store_factory=lambda _s: InMemorySessionStore(),
                     provider_factory=lambda _s, _r: provider, **kw)


def _run(host: AgentHost, *args: Any, **kw: Any) -> list[Event]:
    async def go() -> list[Event]:
        return [e async for e in host.run_turn(*args, **kw)]
    return host.submit(go()).result(timeout=30)


def test_a_profile_sees_only_its_allowed_tools_and_names_its_events(tmp_path: Path) -> None:
    provider = ScriptedProvider([Reply(text="hi")])
    host = _host(tmp_path, provider)
    reader = AgentProfile(name="reader", system_prompt="You only read.",
                          tools=("read_file", "grep_files"))
    events = _run(host, reader, "s1", "look")
    assert [s.name for s in provider.requests[0].tools] == ["read_file", "grep_files"]
    assert provider.requests[0].system.startswith("You only read.")
    assert {e.agent for e in events} == {"reader"}
    host.close()


def test_observers_see_every_event_and_a_failing_one_breaks_nothing(tmp_path: Path) -> None:
    host = _host(tmp_path, ScriptedProvider([Reply(text="answer", chunks=3)]))
    seen: list[str] = []

    async def async_watch(event: Event) -> None:
        seen.append("async:" + event.type)

    def broken(event: Event) -> None:
        raise RuntimeError("observer bug")

    profile = AgentProfile(name="orkas", system_prompt="x")
    events = _run(host, profile, "s", "q", observers=[seen.append, broken, async_watch])
    assert events[-1].type == "done"
    assert [e for e in seen if not isinstance(e, str)] == events
    assert [e for e in seen if isinstance(e, str)] == ["async:" + e.type for e in events]
    host.close()


def test_stop_all_cancels_running_turns_and_sessions_stay_valid(tmp_path: Path) -> None:
    from orkas_jupyter.engine.history import validate_history

    host = _host(tmp_path, ScriptedProvider(
        lambda _r: Reply(text="z" * 200, chunks=200, chunk_delay=0.02)))
    profile = AgentProfile(name="p", system_prompt="x")
    futures = [host.submit(_collect(host, profile, f"s{i}")) for i in range(3)]
    while len(host.running()) < 3:
        threading.Event().wait(0.01)
    assert host.stop_all() == 3
    for future in futures:
        assert future.result(timeout=5)[-1].type == "error"
    for i in range(3):
        history = host.submit(host.store().load(f"s{i}")).result()
        validate_history(history)
    host.close()


async def _collect(host: AgentHost, profile: AgentProfile, session: str) -> list[Event]:
    return [e async for e in host.run_turn(profile, session, "go")]


def test_close_stops_the_thread_the_turns_and_background_jobs(tmp_path: Path) -> None:
    provider = ScriptedProvider([
        Reply(tool_calls=[call("bash", command="sleep 300", background=True)]),
        Reply(text="started"),
        Reply(text="slow " * 100, chunks=100, chunk_delay=0.05)])
    host = _host(tmp_path, provider)
    profile = AgentProfile(name="orkas", system_prompt="x")
    _run(host, profile, "s", "start it")
    job = next(iter(host.workspace().shell.jobs.values()))
    assert job.poll() is None
    running = host.submit(_collect(host, profile, "s"))
    while not host.running():
        threading.Event().wait(0.01)
    host.close()
    assert running.result(timeout=5)[-1].type == "error"  # cancelled, not hung
    assert job.poll() is not None
    assert not [t for t in threading.enumerate() if t.name == "orkas-agent" and t.is_alive()
                and getattr(t, "_target", None) is not None and host._thread is t]
    assert host._thread is not None and not host._thread.is_alive()
    with pytest.raises(HostClosedError):
        host.submit(asyncio.sleep(0))
    host.close()  # idempotent
