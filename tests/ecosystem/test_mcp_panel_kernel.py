"""The side panel's view of the MCP servers (`mcp_status`, docs/jupyterlab.md) in a real
kernel, spoken to through the `orkas` comm as the labextension does: listed before any turn,
waiting for consent, connected with its tool count, a failing server with its (redacted)
reason, a crash and `%orkas mcp disable` pushed to the panel without a user turn."""

from __future__ import annotations

import os
import queue
import signal
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import fault_server, time_server, write_config

from orkas_jupyter.testing import reply, tool_call

pytestmark = pytest.mark.slow

TOKEN = "tok_panel_secret_5d21e8"


class PanelComm:
    """The browser's half of one `orkas` comm: sends chat messages, keeps what the kernel
    sent on it (read from iopub, whatever cell or thread sent it)."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.comm_id = uuid.uuid4().hex
        self.received: list[dict[str, Any]] = []
        self._shell("comm_open", {"comm_id": self.comm_id, "target_name": "orkas",
                                  "data": {"notebook": "analysis.ipynb"}})

    def _shell(self, msg_type: str, content: dict[str, Any]) -> str:
        msg = self.kernel.kc.session.msg(msg_type, content)
        self.kernel.kc.shell_channel.send(msg)
        return str(msg["header"]["msg_id"])

    def send(self, data: dict[str, Any]) -> None:
        self._shell("comm_msg", {"comm_id": self.comm_id, "data": data})

    def execute(self, code: str) -> None:
        self._shell("execute_request", {"code": code, "silent": False, "store_history": True,
                                         "user_expressions": {}, "allow_stdin": False,
                                         "stop_on_error": True})

    def wait(self, test: Callable[[dict[str, Any]], bool], what: str,
             timeout: float = 60) -> dict[str, Any]:
        """The first message received from now on that passes `test`."""
        seen = len(self.received)
        deadline = time.monotonic() + timeout
        while True:
            for msg in self.received[seen:]:
                if test(msg):
                    return msg
            seen = len(self.received)
            if time.monotonic() > deadline:
                kinds = [m["type"] for m in self.received]
                raise AssertionError(f"no {what} in {kinds}; last status: {self.statuses()[-1:]}")
            try:
                msg = self.kernel.kc.get_iopub_msg(timeout=0.1)
            except queue.Empty:
                continue
            content = msg["content"]
            if msg["msg_type"] == "comm_msg" and content.get("comm_id") == self.comm_id:
                self.received.append(content["data"])

    def statuses(self) -> list[dict[str, dict[str, Any]]]:
        """Every `mcp_status` received, as {server name: entry}."""
        return [{s["name"]: s for s in m["servers"]} for m in self.received
                if m["type"] == "mcp_status"]

    def wait_status(self, test: Callable[[dict[str, dict[str, Any]]], bool], what: str,
                    timeout: float = 60) -> dict[str, dict[str, Any]]:
        msg = self.wait(lambda m: m["type"] == "mcp_status"
                        and test({s["name"]: s for s in m["servers"]}), what, timeout)
        return {s["name"]: s for s in msg["servers"]}


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *_descendants(int(child))]
    return found


def test_the_panel_follows_the_servers_without_a_turn(kernel, fake_model, tmp_path) -> None:
    write_config(tmp_path / ".orkas" / "mcp.json", {
        "time": time_server(),
        "broken": fault_server("--fail-printing-token", API_TOKEN=TOKEN)})
    fake_model.script([tool_call("mcp__time__get_current_time", {"timezone": "UTC"}),
                       reply("It is noon.")])
    assert kernel.run("%load_ext orkas_jupyter").error is None
    attached = kernel.run("__import__('orkas_jupyter.jupyter.lab', fromlist=['attach']).attach()")
    assert attached.error is None, attached.error
    panel = PanelComm(kernel)
    panel.send({"type": "hello"})
    before = panel.wait_status(lambda s: True, "a first mcp_status")
    assert {n: (s["type"], s["state"]) for n, s in before.items()} == {
        "time": ("stdio", "not started"), "broken": ("stdio", "not started")}

    # The first turn asks to start each stdio server; the panel shows who waits for consent.
    panel.send({"type": "send", "text": "what time is it?"})
    asked = panel.wait(lambda m: m["type"] == "approval", "the consent for time")
    assert "mcp-server-time" in asked["detail"]
    assert panel.statuses()[-1]["time"]["state"] == "waiting"
    panel.send({"type": "approve", "id": asked["id"], "decision": "once"})
    asked = panel.wait(lambda m: m["type"] == "approval", "the consent for broken")
    assert panel.statuses()[-1]["broken"]["state"] == "waiting"
    panel.send({"type": "approve", "id": asked["id"], "decision": "once"})
    panel.wait(lambda m: m["type"] == "done", "the end of the turn", timeout=120)
    after = panel.statuses()[-1]
    assert after["time"]["state"] == "ready" and after["time"]["tools"] == 2
    failed = after["broken"]
    assert failed["state"] == "failed" and failed["tools"] == 0
    assert "could not start" in failed["detail"] and "exited before it answered" in failed["detail"]
    assert "API_TOKEN=[REDACTED]" in failed["detail"]
    states = [s["time"]["state"] for s in panel.statuses()]
    assert states.index("waiting") < states.index("starting") < states.index("ready")
    assert all(TOKEN not in str(m) for m in panel.received)

    # The server dies between turns: the panel hears it at once.
    [server] = [p for p in _descendants(kernel.km.provisioner.process.pid)
                if b"mcp-server-time" in Path(f"/proc/{p}/cmdline").read_bytes()]
    os.kill(server, signal.SIGKILL)
    crashed = panel.wait_status(lambda s: s["time"]["state"] == "crashed", "the crash")
    assert "restarted on its next call" in crashed["time"]["detail"]

    # `%orkas mcp disable` in a cell reaches the panel with no chat message sent.
    panel.execute("%orkas mcp disable time")
    disabled = panel.wait_status(lambda s: s["time"]["state"] == "disabled", "time disabled")
    assert disabled["broken"]["state"] == "failed"
    assert "send" not in [m["type"] for m in panel.received[-3:]]
    panel.execute("%orkas mcp enable time")
    enabled = panel.wait_status(lambda s: s["time"]["state"] != "disabled", "time enabled")
    assert enabled["time"]["state"] == "not started"
