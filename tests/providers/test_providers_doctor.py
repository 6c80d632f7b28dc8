"""`diagnose(settings)` against the HTTP fake: a working model, a refused port, a refused key,
a server that ignores tools, and the configuration mistakes found before any request."""

from __future__ import annotations

import json
import socket

import pytest
from providers_helpers import fake_settings

from orkas_jupyter.config import load_settings
from orkas_jupyter.providers.doctor import PING_TOOL, DoctorReport, diagnose
from orkas_jupyter.testing import FakeModelServer, fault, reply, tool_call

KEY = "sk-doctor-secret-8888"


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("ORKAS_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_API_BASE",
                     "ORKAS_CONTEXT_WINDOW"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("ORKAS_API_KEY", KEY)


def statuses(report: DoctorReport) -> dict[str, str]:
    return {line.check: line.status for line in report.lines}


def assert_no_key_shown(report: DoctorReport) -> None:
    assert KEY not in report.render() and KEY not in report.model_dump_json()


async def test_a_working_model_passes_every_check_with_one_request() -> None:
    with FakeModelServer([tool_call("orkas_ping", {"echo": "ok"})]) as server:
        report = await diagnose(fake_settings(server.base_url))
        requests = server.chat_requests
        base = server.base_url
    assert report.ok, report.render()
    assert statuses(report) == {"model": "ok", "key": "ok", "base URL": "ok", "request": "ok",
                                "tool calling": "ok", "context window": "ok"}
    assert len(requests) == 1 and requests[0].api_key == KEY and requests[0].stream
    assert [t["function"]["name"] for t in requests[0].body["tools"]] == [PING_TOOL.name]
    assert "ORKAS_API_KEY is set" in report.line("key").detail
    assert base in report.line("base URL").detail
    assert "128,000 tokens" in report.line("context window").detail
    text = report.render()
    assert text.startswith("orkas doctor\n") and text.endswith("The model is ready.")
    assert_no_key_shown(report)


async def test_a_refused_port_names_the_url_and_sends_nothing() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}/v1"
    report = await diagnose(fake_settings(base))
    assert not report.ok
    line = report.line("base URL")
    assert line.status == "fail" and base in line.detail and "connection refused" in line.detail
    assert statuses(report)["request"] == "skip"
    assert "fix the first ✗ line" in report.render()


async def test_a_refused_key_fails_the_request_with_the_servers_words() -> None:
    with FakeModelServer([fault(401, message="Incorrect API key provided: sk-doc***8888.")]
                         ) as server:
        report = await diagnose(fake_settings(server.base_url))
        base = server.base_url
    assert statuses(report)["key"] == "ok" and statuses(report)["request"] == "fail"
    detail = report.line("request").detail
    assert "refused" in detail and "HTTP 401" in detail and base in detail
    assert "Incorrect API key provided" in detail
    assert statuses(report)["tool calling"] == "skip"
    assert_no_key_shown(report)


async def test_a_server_that_ignores_tools_is_a_warning_that_says_why_it_matters() -> None:
    with FakeModelServer([reply("pong, happy to help")]) as server:
        report = await diagnose(fake_settings(server.base_url))
    assert report.ok  # it answers; agent turns will work poorly
    line = report.line("tool calling")
    assert line.status == "warn" and "pong, happy to help" in line.detail
    assert "agent turns need" in line.detail


async def test_a_server_that_rejects_tools_fails_tool_calling() -> None:
    step = fault(400, message="registry.ollama.ai/library/gemma:2b does not support tools")
    with FakeModelServer([step]) as server:
        report = await diagnose(fake_settings(server.base_url))
    assert statuses(report)["tool calling"] == "fail"
    assert "does not support tools" in report.line("tool calling").detail


async def test_no_model_is_the_only_line() -> None:
    report = await diagnose(load_settings({}))
    assert [(line.check, line.status) for line in report.lines] == [("model", "fail")]
    assert "%orkas model" in report.lines[0].detail


async def test_no_key_for_the_providers_endpoint_fails_before_any_request(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ORKAS_API_KEY")
    with FakeModelServer([reply("never")]) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        report = await diagnose(load_settings({}, model="openai/gpt-4o"))
        assert server.chat_requests == []
    key = report.line("key")
    assert key.status == "fail" and "OPENAI_API_KEY" in key.detail
    assert "ORKAS_API_KEY" in key.detail
    assert statuses(report)["request"] == "skip"


async def test_an_unknown_model_asks_for_its_context_window(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer([tool_call("orkas_ping", {"echo": "ok"}),
                          tool_call("orkas_ping", {"echo": "ok"})]) as server:
        settings = fake_settings(server.base_url, model="openai/my-local-llama")
        unknown = await diagnose(settings)
        monkeypatch.setenv("ORKAS_CONTEXT_WINDOW", "8192")
        known = await diagnose(settings)
    assert unknown.line("context window").status == "warn"
    assert "ORKAS_CONTEXT_WINDOW" in unknown.line("context window").detail
    assert known.line("context window").detail == "8,192 tokens (ORKAS_CONTEXT_WINDOW)"


def test_the_report_is_plain_data() -> None:
    report = DoctorReport(model="m", lines=[])
    assert json.loads(report.model_dump_json())["lines"] == []


async def test_replay_mode_is_mentioned_and_the_model_still_checked() -> None:
    with FakeModelServer([tool_call("orkas_ping", {"echo": "ok"})]) as server:
        report = await diagnose(fake_settings(server.base_url, replay="replay"))
        assert len(server.chat_requests) == 1
    assert "no model is called" in report.line("replay").detail and report.ok
