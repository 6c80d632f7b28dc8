"""`%orkas bridge`: let outside agents (Claude Code, Cursor, Codex, any MCP client) use this
kernel through `orkas-mcp` (docs/bridge.md)."""

from __future__ import annotations

import json
import os
import shlex
from typing import Any

HELP = """\
%orkas bridge [revoke|status|allow [N]|deny [N]]   let outside agents (Claude Code, Cursor,
                              Codex) use this kernel over MCP; revoke ends the credential now
                              (docs/bridge.md)"""


def snippet(server: str, command: str, connection: str) -> str:
    """How to connect each client (no credential in it: the connection file holds it)."""
    args = ["--connection", connection]
    line = shlex.join([command, *args])
    entry = {"mcpServers": {server: {"command": command, "args": args}}}
    toml = (f"[mcp_servers.{json.dumps(server)}]\ncommand = {json.dumps(command)}\n"
            f"args = {json.dumps(args)}")
    return "\n".join([
        "Claude Code:",
        f"  claude mcp add {shlex.quote(server)} -- {line}",
        "Codex:",
        f"  codex mcp add {shlex.quote(server)} -- {line}",
        "  (or in ~/.codex/config.toml)",
        *("  " + t for t in toml.splitlines()),
        "Cursor (.cursor/mcp.json), Claude Desktop, any client with mcpServers JSON:",
        "  " + json.dumps(entry, indent=None)])


def _start(rt: Any) -> None:
    from IPython.display import display

    from ...ecosystem.bridge.launch import orkas_mcp_command
    from ..bridge_questions import question_view
    from ..kernel_bridge import kernel_bridge

    bridge = kernel_bridge(rt)
    connection = bridge.start()
    notebook, _ = bridge.notebook_name()
    print(f"Orkas bridge on for {notebook or 'this kernel'} (kernel pid {os.getpid()}).")
    print(snippet(bridge.server_name(), orkas_mcp_command(), str(connection)))
    print(f"The connection file ({connection}, mode 0600) holds a one-time credential that "
          "opens this kernel only. `%orkas bridge revoke` ends it at once. Risky actions of "
          "outside agents are asked below:")
    view = question_view(bridge.questions)
    if view is not None:
        display(view)


def _status(rt: Any) -> None:
    from ..kernel_bridge import kernel_bridge

    bridge = kernel_bridge(rt)
    if not bridge.running:
        print("The bridge is off. `%orkas bridge` starts it.")
        return
    assert bridge.listener is not None
    peers = bridge.listener.connections()
    print(f"Bridge on: socket {bridge.listener.socket_path}; connection file "
          f"{bridge.connection_file}")
    print(f"credentials: {', '.join(c.id + ' (' + c.label + ')' for c in bridge.book.live())}")
    print("connected: " + (", ".join(f"{p.client} (credential {p.credential.id})"
                                     for p in peers) or "nobody"))
    print(bridge.questions.text())


def run(rt: Any, parts: list[str]) -> bool:
    from ..kernel_bridge import kernel_bridge

    if not parts or parts == ["start"]:
        _start(rt)
        return True
    if parts == ["revoke"]:
        ended = kernel_bridge(rt).revoke()
        print(f"Bridge revoked: {ended} credential(s) ended, connections closed, connection "
              "file removed. `%orkas bridge` starts it again with a new credential.")
        return True
    if parts == ["status"]:
        _status(rt)
        return True
    if parts[0] in ("allow", "deny") and len(parts) <= 2:
        if len(parts) == 2 and not parts[1].isdigit():
            return False
        qid = int(parts[1]) if len(parts) == 2 else None
        print(kernel_bridge(rt).questions.answer("once" if parts[0] == "allow" else "deny",
                                                 qid))
        return True
    return False
