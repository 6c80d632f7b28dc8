"""MCP servers reached by an agent through the host and the fake model server (litellm):
consent to start a stdio server, tools with their own schemas, results back to the model."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from mcp_helpers import (
    Approvals,
    make_host,
    mcp_of,
    offered,
    run_turn,
    time_server,
    tool_results,
    write_config,
)

from orkas_jupyter.testing import reply, tool_call


def test_a_stdio_server_starts_after_consent_and_its_tool_answers(settings, fake_model,
                                                                 workspace_config) -> None:
    write_config(workspace_config, {"time": time_server()})
    fake_model.script([tool_call("mcp__time__get_current_time", {"timezone": "Asia/Tokyo"}),
                       reply("It is evening in Tokyo.")])
    approvals = Approvals("once")
    host = make_host(settings)
    try:
        events = run_turn(host, "what time is it in Tokyo?", approvals)
    finally:
        host.close()
    assert events[-1].type == "done", events[-1]
    [asked] = approvals.requests
    assert asked.risk == "mcp_server_start" and asked.tool == "mcp"
    assert asked.detail.endswith("mcp-server-time --local-timezone UTC")  # as typed
    first = fake_model.chat_requests[0]
    assert "mcp__time__get_current_time" in offered(first)
    spec = next(t["function"] for t in first.body["tools"]
                if t["function"]["name"] == "mcp__time__get_current_time")
    assert spec["parameters"]["required"] == ["timezone"]  # the server's own schema
    [result] = tool_results(fake_model.chat_requests[1])
    assert '"timezone": "Asia/Tokyo"' in json.loads(json.dumps(result))


def test_consent_is_remembered_per_command_and_a_changed_command_asks_again(
        settings, fake_model, workspace_config) -> None:
    write_config(workspace_config, {"time": time_server()})
    fake_model.script([reply("one"), reply("two"), reply("three")])
    host = make_host(settings)
    try:
        first = Approvals("once")
        run_turn(host, "hello", first)
        assert len(first.requests) == 1
    finally:
        host.close()
    host = make_host(settings)  # a new kernel: the answer was kept
    try:
        again = Approvals()
        run_turn(host, "hello again", again)
        assert again.requests == []
        assert "mcp__time__convert_time" in offered(fake_model.chat_requests[1])
        changed = time_server()
        changed["args"] = ["--local-timezone", "Europe/Paris"]
        write_config(settings.workspace / ".orkas" / "mcp.json", {"time": changed})
        denied = Approvals("deny")
        run_turn(host, "and now?", denied)
        assert [r.detail.split()[-1] for r in denied.requests] == ["Europe/Paris"]
        assert not any(n.startswith("mcp__") for n in offered(fake_model.chat_requests[2]))
        toolset = mcp_of(host)
        [status] = toolset.status()
        assert status["state"] == "denied"
    finally:
        host.close()


def test_nobody_to_ask_means_the_approval_policy_decides(settings, fake_model,
                                                         workspace_config) -> None:
    write_config(workspace_config, {"time": time_server()})
    fake_model.script([reply("no tools"), reply("with tools")])
    host = make_host(settings)  # ORKAS_APPROVAL=deny (the default): not started
    try:
        run_turn(host, "hi")
        assert not any(n.startswith("mcp__") for n in offered(fake_model.chat_requests[0]))
        problems = mcp_of(host).current_problems()
        assert any("was not started" in p and "denied" in p for p in problems)
    finally:
        host.close()
    host = make_host(settings.model_copy(update={"approval": "allow"}))
    try:
        run_turn(host, "hi")
        assert "mcp__time__get_current_time" in offered(fake_model.chat_requests[1])
    finally:
        host.close()


def test_git_server_on_a_temporary_repository(settings, fake_model, workspace_config,
                                              tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "notes.txt").write_text("hello\n")
    from mcp_helpers import BIN

    write_config(workspace_config, {"git": {"command": str(BIN / "mcp-server-git"),
                                            "args": ["--repository", str(repo)]}})
    fake_model.script([tool_call("mcp__git__git_status", {"repo_path": str(repo)}),
                       reply("One untracked file.")])
    host = make_host(settings)
    try:
        events = run_turn(host, "what is the state of the repository?", Approvals("once"))
    finally:
        host.close()
    assert events[-1].type == "done"
    [result] = tool_results(fake_model.chat_requests[1])
    assert "notes.txt" in result and "Untracked" in result
