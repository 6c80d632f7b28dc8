"""Secrets never reach the store (§11, J7): API keys from the environment and from the
workspace config are absent from the raw DuckDB bytes, its WAL and every log, even when a
tool result or the model's reply contains them."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pydantic import BaseModel

from orkas_jupyter.config import load_settings
from orkas_jupyter.engine import Agent, Tool, ToolContext
from orkas_jupyter.engine.scripted import Reply, ScriptedProvider, call
from orkas_jupyter.store.api import WorkspaceStore, open_client
from orkas_jupyter.tools.memory import MemoryTool, open_memory

from .conftest import stop_server

ENV_KEY = "sk-test-ENVSECRET-1234567890abcdef"
CONFIG_KEY = "cfg-CONFIGSECRET-0987654321"


class NoArgs(BaseModel):
    pass


class LeakyTool(Tool[NoArgs]):
    """A tool whose output carries both keys (as a careless `env` dump would)."""

    name = "leaky"
    description = "prints credentials"
    input_model = NoArgs
    read_only = True

    async def execute(self, args: NoArgs, ctx: ToolContext) -> str:
        return f"OPENAI_API_KEY={ENV_KEY}\nconfig api_key = {CONFIG_KEY}"


@pytest.mark.parametrize("mode", ["server", "direct"])
async def test_api_keys_never_reach_the_store_or_logs(
        mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "orkas.toml").write_text(
        f'model = "openai/gpt-4o"\napi_key = "{CONFIG_KEY}"\n')
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    monkeypatch.setenv("ORKAS_API_KEY", ENV_KEY)
    settings = load_settings({"ORKAS_API_KEY": ENV_KEY}, workspace=workspace,
                             home=tmp_path / "home")
    client = open_client(settings, mode=mode, idle_seconds=3)  # type: ignore[arg-type]
    store = WorkspaceStore(client)
    book = open_memory(client, settings)
    provider = ScriptedProvider([
        Reply(tool_calls=[call("leaky")]),
        Reply(text=f"Your key is {ENV_KEY} and the config one is {CONFIG_KEY}."),
    ])
    agent = Agent(provider, tools=[LeakyTool(), MemoryTool(book)], store=store,
                  session_id="s", prompt_sections=[book.prompt_section()])
    result = await agent.complete("what are my keys?")
    assert ENV_KEY in result.text  # the user still sees the live answer
    client.record_usage("s", "openai/gpt-4o", 10, 5, 0.01)
    client.put_recording("req-hash", f'{{"echo": "{ENV_KEY}"}}')
    client.record_tool_call("s", "leaky", False)
    for target in ("profile", "notes"):
        book.edit(target, "add", f"deploy token is {CONFIG_KEY}")  # type: ignore[arg-type]
        assert book.entries(target) == ["deploy token is [REDACTED]"]  # type: ignore[arg-type]
    history = await store.load("s")
    assert len(history) == 4 and "[REDACTED]" in history[2].tool_result.content[0].text  # type: ignore[union-attr]
    client.close()
    stop_server(settings.store_path)

    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".duckdb" for p in files)
    if mode == "server":
        assert any(p.name.endswith(".server.log") for p in files)
    for path in files:
        if path.name == "orkas.toml":
            continue  # the user's own config file, where they put it
        data = path.read_bytes()
        for secret in (ENV_KEY, CONFIG_KEY):
            assert secret.encode() not in data, f"{secret[:8]}… found in {path}"
    for record in caplog.records:
        text = record.getMessage()
        assert ENV_KEY not in text and CONFIG_KEY not in text


# -- one notion of "secret" for the store, the shell and the classifiers --------------------

SECRET_NAMES = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "HF_TOKEN", "GITHUB_TOKEN",
                "GITHUB_AUTH", "X_TOKEN", "MY_SECRET", "DB_PASSWORD", "DB_PASSWD",
                "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "GITHUB_PAT", "PGPASSWORD",
                "SMTP_PASS", "GOOGLE_APPLICATION_CREDENTIALS", "SSH_PRIVATE_KEY",
                "SESSION_COOKIE", "PHPSESSID", "JSESSIONID", "githubToken", "apiKey",
                "api_key", "secret", "OPENAI_APIKEY", "DBPASSWORD", "SLACKBOTTOKEN",
                "JUPYTER_TOKEN", "KEY", "BASIC_AUTH", "AUTH_HEADER", "VAULT_PASSPHRASE"]
PLAIN_NAMES = ["PATH", "PYTHONPATH", "HOME", "PWD", "OLDPWD", "KEYBOARD_LAYOUT", "MONKEY",
               "HOTKEY", "TURKEY_COUNT", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "AUTHOR",
               "TOKENIZERS_PARALLELISM", "SSH_AUTH_SOCK", "XDG_SESSION_TYPE",
               "XDG_SESSION_ID", "DESKTOP_SESSION", "DBUS_SESSION_BUS_ADDRESS", "PASSTHROUGH",
               "COMPASS_DIR", "SECRETARY", "KEYWORDS", "LANG", "TERM", "model", "api_base"]


@pytest.mark.parametrize("name", SECRET_NAMES)
def test_secret_names(name: str) -> None:
    from orkas_jupyter.secrets import is_secret_name

    assert is_secret_name(name)


@pytest.mark.parametrize("name", PLAIN_NAMES)
def test_names_that_are_not_secrets(name: str) -> None:
    from orkas_jupyter.secrets import is_secret_name

    assert not is_secret_name(name)


def test_store_redaction_the_shell_and_the_classifier_agree() -> None:
    """Every name goes through the store's redaction, the shell's environment and the
    command classifier: a value is redacted exactly when the shell withholds it and reading
    the variable asks."""
    from orkas_jupyter.store.redact import SecretRedactor, scrubbed_environ, secret_env_values
    from orkas_jupyter.tools.bash_exec import ShellExecutor
    from orkas_jupyter.tools.risk import RiskClass, classify_command

    environ = {name: f"value-of-{name}-0123" for name in SECRET_NAMES + PLAIN_NAMES}
    redact = SecretRedactor(secret_env_values(environ))
    shell_env = ShellExecutor(Path("/"), base_env=environ).environment()
    server_env = scrubbed_environ(environ)
    for name, value in environ.items():
        redacted = redact(f"x {value} y") == "x [REDACTED] y"
        withheld = name not in shell_env
        assert redacted == withheld == (name not in server_env), name
        if name.isidentifier() and name != "PWD":
            asks = RiskClass.SENSITIVE_PATHS in classify_command(f"echo ${name}").classes
            assert asks == redacted, name
    assert {n for n, v in environ.items() if redact(v) == "[REDACTED]"} == set(SECRET_NAMES)


def test_a_password_inside_a_url_is_a_secret_whatever_the_name() -> None:
    from orkas_jupyter.secrets import redact, scrub_environ, secret_values

    environ = {"DATABASE_URL": "postgres://app:hunter2pass@db:5432/app",
               "MIRROR_URL": "https://pypi.example.com/simple"}
    assert scrub_environ(environ) == {"MIRROR_URL": "https://pypi.example.com/simple"}
    assert redact("connecting with hunter2pass", secret_values(environ)) == \
        "connecting with [REDACTED]"
    assert scrub_environ(environ, keep={"DATABASE_URL"}) == environ
