"""The MCP toolset's view for the side panel and its listeners (`ecosystem/mcp/status.py`):
configured servers listed before they start, tools left out by the scanner with the reason,
and a server's new tool list (`notifications/tools/list_changed`) told to a listener without
another turn."""

from __future__ import annotations

import time
from typing import Any

from mcp_helpers import Approvals, fault_server, make_host, mcp_of, run_turn, write_config

from orkas_jupyter.testing import reply, tool_call


def _wait(views: list[dict[str, Any]], test: Any, timeout: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [v for v in views if test({s["name"]: s for s in v["servers"]})]
        if found:
            return {s["name"]: s for s in found[0]["servers"]}
        time.sleep(0.05)
    raise AssertionError(f"no such view among {len(views)}: {views[-1:]}")


def test_views_follow_a_server_and_its_changing_tool_list(settings, fake_model,
                                                          workspace_config) -> None:
    write_config(workspace_config, {"faults": fault_server(),
                                    "off": {**fault_server(), "disabled": True},
                                    "bad": {"command": "x", "args": 3}})
    fake_model.script([tool_call("mcp__faults__add_tool", {"name": "newbie"}), reply("added")])
    host = make_host(settings)
    toolset = mcp_of(host)
    views: list[dict[str, Any]] = []
    try:
        first = toolset.view()
        assert [(s["name"], s["state"]) for s in first["servers"]] == [
            ("faults", "not started"), ("off", "disabled")]
        assert any("mcpServers.bad.args" in p for p in first["problems"])
        unsubscribe = host.submit(_subscribe(toolset, views.append)).result()
        run_turn(host, "add a tool", Approvals("once"))
        ready = _wait(views, lambda s: s["faults"]["state"] == "ready")
        assert ready["faults"]["tools"] == 9
        assert "looks unsafe" in ready["faults"]["left_out"]["poisoned"]
        # The server announced a new tool after the call: the listener hears it, no turn ran.
        grown = _wait(views, lambda s: s["faults"]["tools"] == 10)
        assert grown["off"]["state"] == "disabled"
        assert len(fake_model.chat_requests) == 2
        host.submit(_call(unsubscribe)).result()
        count = len(views)
        host.submit(toolset.reset("faults")).result()
        assert len(views) == count  # unsubscribed
    finally:
        host.close()


async def _subscribe(toolset: Any, listener: Any) -> Any:
    return toolset.subscribe(listener)


async def _call(fn: Any) -> None:
    fn()
