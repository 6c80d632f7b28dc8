"""The side panel's Connectors section in a real JupyterLab: stdio MCP servers from
`<workspace>/.orkas/mcp.json` (PyPI's mcp-server-time, and the SDK-written fault server of
tests/ecosystem once made to fail at start and once serving, with its poisoned tool), consent
given with the panel's buttons during a turn of the fake model, then the servers connected
with their tools, the tool the scanner left out with why, and the failed one with its
reason."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from orkas_jupyter.testing import reply, tool_call

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

FAULT_SERVER = Path(__file__).resolve().parents[1] / "ecosystem" / "servers" / "fault_server.py"
TOKEN = "tok_e2e_connectors_9b3c"


def test_connectors_show_a_connected_and_a_failing_server(notebook, fake_model, lab, tmp_path):
    config = lab.root / ".orkas" / "mcp.json"
    config.parent.mkdir(exist_ok=True)
    config.write_text(json.dumps({"mcpServers": {
        "time": {"command": str(Path(sys.executable).parent / "mcp-server-time"),
                 "args": ["--local-timezone", "UTC"]},
        "broken": {"command": sys.executable,
                   "args": [str(FAULT_SERVER), "--fail-printing-token"],
                   "env": {"API_TOKEN": TOKEN}},
        "faults": {"command": sys.executable, "args": [str(FAULT_SERVER)]}}}))
    fake_model.script([tool_call("mcp__time__get_current_time", {"timezone": "UTC"}),
                       reply("It is noon in UTC.")])
    nb = notebook([""])
    panel = nb.open_panel()
    section = panel.locator(".orkas-Connectors")
    time_row = section.locator('.orkas-Connector[data-server="time"]')
    broken_row = section.locator('.orkas-Connector[data-server="broken"]')
    faults_row = section.locator('.orkas-Connector[data-server="faults"]')
    time_row.locator(".orkas-ConnectorState", has_text="not started").wait_for()
    assert "stdio" in time_row.inner_text()

    panel.locator("textarea").fill("what time is it?")
    panel.locator(".orkas-Send").click()
    for index, (name, row) in enumerate((("time", time_row), ("broken", broken_row),
                                         ("faults", faults_row))):
        approval = panel.locator(".orkas-Approval:not([data-decided])").first
        approval.wait_for()
        assert f"Start MCP server '{name}'" in approval.inner_text()
        row.locator(".orkas-ConnectorState", has_text="waiting for consent").wait_for()
        approval.locator(".orkas-Approve.orkas-mod-once").click()
        panel.locator(f'.orkas-Approval[data-decided="once"] >> nth={index}').wait_for()

    panel.locator(".orkas-Message.orkas-mod-assistant", has_text="It is noon in UTC.").wait_for(
        timeout=60_000)
    time_row.locator(".orkas-ConnectorState", has_text="connected · 2 tools").wait_for()
    broken_row.locator(".orkas-ConnectorState", has_text="failed").wait_for()
    reason = broken_row.locator(".orkas-ConnectorDetail").inner_text()
    assert "could not start" in reason and "exited before it answered" in reason
    assert "API_TOKEN=[REDACTED]" in reason and TOKEN not in panel.inner_text()
    faults_row.locator(".orkas-ConnectorState", has_text="connected · 9 tools").wait_for()
    left_out = faults_row.locator(".orkas-ConnectorLeftOut").inner_text()
    assert left_out.startswith("poisoned not offered: its description looks unsafe")
    assert "2/3 connected · 1 failed" in section.locator("summary").inner_text()

    shot = tmp_path / "connectors.png"
    nb.page.screenshot(path=str(shot))
    nb.shot("connectors")
    print(f"connectors screenshot: {shot}")
