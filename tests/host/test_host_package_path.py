"""Package CLI shims (`$ORKAS_HOME/package-bin/`, docs/packages.md) are on the `bash` tool's
PATH from a host's first turn, not only after `%orkas packages` ran in this kernel."""

from __future__ import annotations

from pathlib import Path

from orkas_jupyter.config import Settings
from orkas_jupyter.engine import InMemorySessionStore
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.host import DEFAULT_PROFILE, AgentHost


def test_an_installed_shim_runs_in_the_first_turn(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "package-bin").mkdir(parents=True)
    shim = home / "package-bin" / "report-cli"
    shim.write_text("#!/bin/sh\necho report from the package \"$1\"\n")
    shim.chmod(0o755)
    provider = ScriptedProvider([Reply(tool_calls=[call("bash", command="report-cli q3")]),
                                 Reply(text="done")])
    settings = Settings(model="scripted/model", workspace=tmp_path / "ws", home=home)
    settings.workspace.mkdir()
    host = AgentHost(settings, store_factory=lambda _s: InMemorySessionStore(),
                     provider_factory=lambda _s, _r: provider)
    try:
        async def turn() -> None:
            async for _ in host.run_turn(DEFAULT_PROFILE, "s", "run the report"):
                pass
        host.submit(turn()).result(30)
    finally:
        host.close()
    result = provider.requests[1].messages[-1].model_dump_json()
    assert "Exit code 0" in result and "report from the package q3" in result, result
