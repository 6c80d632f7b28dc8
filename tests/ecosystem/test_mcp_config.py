"""MCP configuration, secrets at rest, consent and the `%orkas mcp` commands that need no
running server: files in the common `mcpServers` format, broken entries reported by file and
key, encrypted secrets, command hashes."""

from __future__ import annotations

import asyncio
import json
import os
import stat
from pathlib import Path

import pytest
from mcp_helpers import write_config

from orkas_jupyter.config import Settings
from orkas_jupyter.ecosystem.mcp import McpToolset
from orkas_jupyter.ecosystem.mcp.commands import mcp_command
from orkas_jupyter.ecosystem.mcp.config import expand, load_servers
from orkas_jupyter.ecosystem.mcp.consent import ConsentStore, command_digest, command_line
from orkas_jupyter.ecosystem.mcp.vault import SecretVault, VaultError

CLAUDE_DESKTOP = {
    "globalShortcut": "",
    "mcpServers": {
        "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem",
                                                  "/Users/me/Desktop"]},
        "github": {"command": "docker", "args": ["run", "-i", "--rm", "-e",
                                                 "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/x"],
                   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_literal_in_the_file_123"}},
        "remote": {"type": "http", "url": "https://mcp.example.com/mcp",
                   "headers": {"Authorization": "Bearer ${API_TOKEN}"}},
        "cursor-style": {"url": "https://other.example.com/mcp", "autoApprove": ["x"]},
    },
}


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "home").mkdir()
    return tmp_path, tmp_path / "home"


def test_a_claude_desktop_file_loads_unchanged(dirs) -> None:
    workspace, home = dirs
    (home / "mcp.json").write_text(json.dumps(CLAUDE_DESKTOP))
    servers, problems = load_servers(workspace, home)
    assert problems == []
    assert servers["filesystem"].type == "stdio"
    assert servers["filesystem"].args[-1] == "/Users/me/Desktop"
    assert servers["remote"].type == "http"
    assert servers["cursor-style"].type == "http"  # a url and no command: http
    assert servers["remote"].headers == {"Authorization": "Bearer ${API_TOKEN}"}


def test_broken_entries_name_the_file_and_key_and_the_rest_loads(dirs) -> None:
    workspace, home = dirs
    (home / "mcp.json").write_text('{"mcpServers": {"a": {"command": "x",}}')  # bad JSON
    ws_file = write_config(workspace / ".orkas" / "mcp.json", {
        "good": {"command": "ok", "env": {"PORT": 8080, "DEBUG": True}},
        "no-command": {"args": ["x"]},
        "bad-timeout": {"command": "x", "timeout": -1},
        "list": ["not", "an", "object"],
    })
    servers, problems = load_servers(workspace, home)
    assert list(servers) == ["good"]
    assert servers["good"].env == {"PORT": "8080", "DEBUG": "true"}
    text = "\n".join(problems)
    assert f"{home / 'mcp.json'}: not valid JSON" in text and "line 1" in text
    assert f"{ws_file}: mcpServers.no-command.command: a stdio server needs a command" in text
    assert f"{ws_file}: mcpServers.bad-timeout.timeout:" in text
    assert f"{ws_file}: mcpServers.list: must be an object" in text


def test_the_workspace_wins_over_the_user_file(dirs) -> None:
    workspace, home = dirs
    write_config(home / "mcp.json", {"time": {"command": "home-time"},
                                     "only-home": {"command": "h"}})
    write_config(workspace / ".orkas" / "mcp.json", {"time": {"command": "ws-time"}})
    servers, _ = load_servers(workspace, home)
    assert servers["time"].command == "ws-time" and "only-home" in servers


def test_variables_expand_and_a_missing_one_is_named() -> None:
    assert expand("Bearer ${TOKEN}", {"TOKEN": "abc"}) == "Bearer abc"
    assert expand("${PORT:-8080}", {}) == "8080"
    with pytest.raises(KeyError, match="NOPE"):
        expand("x ${NOPE}", {})


def test_secrets_are_encrypted_at_rest_with_a_private_key(dirs, monkeypatch) -> None:
    monkeypatch.setenv("ORKAS_NO_KEYRING", "1")
    _, home = dirs
    vault = SecretVault(home)
    vault.set("github", "GITHUB_TOKEN", "ghp_the_real_secret_value_42")
    assert vault.secrets("github") == {"GITHUB_TOKEN": "ghp_the_real_secret_value_42"}
    assert "ghp_the_real_secret_value_42" not in vault.path.read_text()
    assert stat.S_IMODE(os.stat(vault.key_path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(vault.path).st_mode) == 0o600
    vault.key_path.write_bytes(b"A" * 43 + b"=")  # a different (valid) key
    with pytest.raises(VaultError, match="do not match the key"):
        vault.secrets("github")
    vault.key_path.unlink()
    with pytest.raises(VaultError, match=r"key .* is missing"):
        vault.secrets("github")


def test_consent_is_per_command_as_typed(dirs) -> None:
    workspace, home = dirs
    write_config(workspace / ".orkas" / "mcp.json", {
        "a": {"command": "uvx", "args": ["mcp-server-time", "--local-timezone", "Europe/Paris"],
              "env": {"API_KEY": "sk-literal-secret-1234", "REGION": "eu",
                      "TOKEN": "${TOKEN}"}}})
    config = load_servers(workspace, home)[0]["a"]
    shown = command_line(config)
    assert shown.endswith("uvx mcp-server-time --local-timezone Europe/Paris")
    assert "REGION=eu" in shown and "'TOKEN=${TOKEN}'" in shown
    assert "sk-literal-secret-1234" not in shown and "API_KEY=…" in shown
    consent = ConsentStore(home)
    assert not consent.granted(config)
    consent.grant(config)
    assert consent.granted(config)
    changed = config.model_copy(update={"args": ("mcp-server-time", "--evil")})
    assert command_digest(changed) != command_digest(config)
    assert not consent.granted(changed)


def test_add_enable_disable_remove_without_starting_anything(dirs, monkeypatch) -> None:
    monkeypatch.setenv("ORKAS_NO_KEYRING", "1")
    workspace, home = dirs
    toolset = McpToolset(Settings(workspace=workspace, home=home))

    def run(line: str) -> str:
        return asyncio.run(mcp_command(toolset, line.split()))

    out = run("add gh --secret GH_TOKEN=ghp_typed_secret_999 --env MODE=ro -- npx -y gh-mcp")
    assert "secrets GH_TOKEN stored encrypted" in out
    ws_file = workspace / ".orkas" / "mcp.json"
    entry = json.loads(ws_file.read_text())["mcpServers"]["gh"]
    assert entry == {"command": "npx", "args": ["-y", "gh-mcp"],
                     "env": {"MODE": "ro", "GH_TOKEN": "${GH_TOKEN}"}}
    assert "ghp_typed_secret_999" not in ws_file.read_text()
    assert SecretVault(home).secrets("gh") == {"GH_TOKEN": "ghp_typed_secret_999"}
    out = run("add web --global --header Authorization=Bearer${WEB_TOKEN} "
              "--secret WEB_TOKEN=tok_abcdefgh https://mcp.example.com/mcp")
    assert str(home / "mcp.json") in out
    assert "unused" not in run("list")
    assert "gh " in run("list") and "not started" in run("list")
    assert "disabled" in run("disable gh")
    assert "gh               stdio disabled" in run("list")
    run("enable gh")
    assert "disabled" not in json.loads(ws_file.read_text())["mcpServers"]["gh"]
    assert "Removed MCP server 'gh'" in run("remove gh")
    assert SecretVault(home).secrets("gh") == {}
    assert "no MCP server named 'gh'" in run("remove gh")
    assert "not used by any header" in run("add x --secret T=abcdefghij https://a.example/mcp")
    assert "server name" in run("add bad/name -- x")
    assert "Unknown or incomplete" in run("frobnicate")


def test_a_secret_without_a_value_is_asked_for(dirs, monkeypatch) -> None:
    monkeypatch.setenv("ORKAS_NO_KEYRING", "1")
    workspace, home = dirs
    toolset = McpToolset(lambda: Settings(workspace=workspace, home=home))
    asked: list[str] = []

    async def read_secret(name: str) -> str:  # the kernel asks on its main thread
        asked.append(name)
        return "typed_without_echo_123"

    out = asyncio.run(mcp_command(toolset, ["add", "s", "--secret", "TOKEN", "--", "srv"],
                                  read_secret=read_secret))
    assert asked == ["TOKEN"] and "stored encrypted" in out
    assert SecretVault(home).secrets("s") == {"TOKEN": "typed_without_echo_123"}
    assert "give the value as TOKEN=VALUE" in asyncio.run(
        mcp_command(toolset, ["add", "t", "--secret", "TOKEN", "--", "srv"]))


def test_exposed_names_are_what_providers_accept() -> None:
    from orkas_jupyter.ecosystem.mcp.tool import exposed_name, model_schema

    assert exposed_name("time", "get_current_time") == "mcp__time__get_current_time"
    assert exposed_name("my.srv", "files/read") == "mcp__my_srv__files_read"
    long = exposed_name("a-very-long-server-name", "and_an_even_longer_tool_name_" * 3)
    assert len(long) == 64 and long != exposed_name("a-very-long-server-name", "and_" * 20)
    assert model_schema(None) == {"type": "object", "properties": {}}
    assert model_schema({"$schema": "x", "type": "object", "properties": {"a": {}}}) == \
        {"type": "object", "properties": {"a": {}}}
