"""`%orkas doctor`: is the configured model usable, and if not, exactly why.

Checks, in order, each one line of the report: the model string; the key (by the variable it
comes from, never its value); the base URL (a TCP connection, so "nothing listens there" is
told apart from "the server refused"); one tiny streamed request offering one trivial tool
(does the model answer, and does it call tools, which agent turns need); the context window
(litellm's model map, `ORKAS_CONTEXT_WINDOW`, or the conservative default). A check that
cannot run because an earlier one failed is reported as skipped, with the reason.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
import time
from collections.abc import Mapping
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel

from ..config import Settings
from ..engine.errors import ProviderError
from ..engine.messages import user_message
from ..engine.provider import ModelRequest, StreamEnd
from ..engine.tools import ToolSpec
from ._litellm import load_litellm
from .factory import context_window_from_env
from .keys import (
    ORKAS_KEY,
    KeySource,
    endpoint_of,
    key_variables,
    missing_key_message,
    needs_key,
    provider_of,
    split_keys,
)
from .litellm_provider import UNKNOWN_CONTEXT_WINDOW, LiteLLMProvider

Status = Literal["ok", "warn", "fail", "skip"]
_MARK = {"ok": "✓", "warn": "!", "fail": "✗", "skip": "-"}

PING_TOOL = ToolSpec(
    name="orkas_ping", description="Answers orkas's connection check. Call it when asked to.",
    parameters={"type": "object", "properties": {"echo": {"type": "string"}},
                "required": ["echo"]})
PING_PROMPT = ("This is a connection check by orkas doctor. Call the tool orkas_ping once with "
               '{"echo": "ok"}. Do not answer with text.')
_NO_TOOLS = re.compile(r"does not support tools|tools? (?:are |is )?not supported|"
                       r"tool[_ ]choice|function calling is not", re.IGNORECASE)


_REPLAY = {
    "replay": "ORKAS_REPLAY=replay: answers come from recordings and no model is called; the "
              "checks below matter only for recording new answers",
    "auto": "ORKAS_REPLAY=auto: recorded answers are replayed, other requests call the model",
    "record": "ORKAS_REPLAY=record: every answer is recorded",
}


class DoctorLine(BaseModel):
    """One check: what was checked, how it went, and what to do about it."""

    check: str
    status: Status
    detail: str


class DoctorReport(BaseModel):
    """Every check, in order; `render()` is what `%orkas doctor` prints."""

    model: str | None = None
    endpoint: str | None = None
    lines: list[DoctorLine] = []

    @property
    def ok(self) -> bool:
        """True when nothing failed (warnings allowed)."""
        return all(line.status != "fail" for line in self.lines)

    def line(self, check: str) -> DoctorLine:
        """The line of `check` (KeyError if there is none)."""
        for line in self.lines:
            if line.check == check:
                return line
        raise KeyError(check)

    def render(self) -> str:
        """Plain text, one check per line."""
        width = max((len(line.check) for line in self.lines), default=0)
        body = [f"  {_MARK[line.status]} {line.check.ljust(width)}  {line.detail}"
                for line in self.lines]
        if not self.ok:
            verdict = ("The model is not usable yet: fix the first ✗ line and run %orkas "
                       "doctor again.")
        elif any(line.status == "warn" for line in self.lines):
            verdict = "The model answers; read the ! lines before relying on it."
        else:
            verdict = "The model is ready."
        return "\n".join(["orkas doctor", *body, verdict])


async def diagnose(settings: Settings, *, environ: Mapping[str, str] | None = None,
                   timeout: float = 60.0, connect_timeout: float = 5.0) -> DoctorReport:
    """Check the configured model end to end; never raises for a model problem."""
    env = os.environ if environ is None else environ
    report = DoctorReport(model=settings.model)
    add = report.lines.append
    model = (settings.model or "").strip()
    if not model:
        add(DoctorLine(check="model", status="fail", detail=(
            "no model is set: `%orkas model openai/gpt-4o-mini` (any litellm "
            "provider/model string), or export ORKAS_MODEL before starting Jupyter")))
        return report
    problem = _unknown_provider(model)
    if problem:
        add(DoctorLine(check="model", status="fail", detail=problem))
        return report
    fallbacks = (f"; fallbacks: {', '.join(settings.fallback_models)}"
                 if settings.fallback_models else "")
    add(DoctorLine(check="model", status="ok",
                   detail=f"{model} (provider {provider_of(model)}){fallbacks}"))
    if settings.replay != "off":
        add(DoctorLine(check="replay", status="ok", detail=_REPLAY[settings.replay]))

    source = KeySource(slot=0, environ=environ)
    key_line = _key_line(model, source, settings.api_base, env)
    add(key_line)

    endpoint = endpoint_of(model, settings.api_base)
    report.endpoint = endpoint
    reach = await _reachability(endpoint, connect_timeout)
    add(reach)

    window = context_window_from_env(env)
    if key_line.status == "fail" or reach.status == "fail":
        blocker = "key" if key_line.status == "fail" else "base URL"
        add(DoctorLine(check="request", status="skip",
                       detail=f"not sent: fix the {blocker} first"))
        add(DoctorLine(check="tool calling", status="skip", detail="needs a request"))
    else:
        provider = LiteLLMProvider(model, api_base=settings.api_base, key_source=source,
                                   timeout=timeout, context_window=window)
        report.lines.extend(await _request_lines(provider, model))
    add(_context_line(model, window))
    return report


def _unknown_provider(model: str) -> str | None:
    try:
        load_litellm().get_llm_provider(model)
    except Exception:
        return (f"litellm cannot tell which provider serves {model!r}: write provider/model, "
                "e.g. openai/gpt-4o-mini, anthropic/claude-sonnet-4-5, ollama_chat/llama3.1, "
                "or openai/<name> for an OpenAI-compatible server with ORKAS_API_BASE")
    return None


def _key_line(model: str, source: KeySource, api_base: str | None,
              env: Mapping[str, str]) -> DoctorLine:
    keys = split_keys(env.get(ORKAS_KEY))
    if keys:
        count = f" ({len(keys)} keys, one candidate each)" if len(keys) > 1 else ""
        return DoctorLine(check="key", status="ok", detail=f"{ORKAS_KEY} is set{count}")
    found = source.provider_key(model)
    if found:
        return DoctorLine(check="key", status="ok", detail=f"{found[0]} is set")
    own = " or ".join(key_variables(model))
    if not needs_key(model):
        return DoctorLine(check="key", status="ok",
                          detail=f"none needed for {provider_of(model)}")
    if api_base:
        return DoctorLine(check="key", status="warn", detail=(
            f"neither {ORKAS_KEY} nor {own} is set; a placeholder key is sent to {api_base} — "
            "fine for a local server that needs no key"))
    return DoctorLine(check="key", status="fail", detail=missing_key_message(model, source))


async def _reachability(endpoint: str, timeout: float) -> DoctorLine:
    parts = urlsplit(endpoint)
    if not parts.hostname:
        return DoctorLine(check="base URL", status="skip",
                          detail=f"{endpoint}: no URL to check")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(parts.hostname, port),
                                           timeout)
    except ConnectionRefusedError:
        return DoctorLine(check="base URL", status="fail", detail=(
            f"{endpoint}: connection refused — nothing is listening on {parts.hostname}:"
            f"{port}. Start the server, or fix the base URL (ORKAS_API_BASE)"))
    except socket.gaierror:
        return DoctorLine(check="base URL", status="fail", detail=(
            f"{endpoint}: the host {parts.hostname!r} could not be resolved; check the URL "
            "and the network"))
    except (TimeoutError, OSError) as exc:
        why = "no answer" if isinstance(exc, TimeoutError) else str(exc)
        return DoctorLine(check="base URL", status="fail", detail=(
            f"{endpoint}: cannot connect to {parts.hostname}:{port} ({why} within "
            f"{timeout:g} s); check the URL, a proxy or a firewall"))
    writer.close()
    return DoctorLine(check="base URL", status="ok", detail=f"{endpoint} accepts connections")


async def _request_lines(provider: LiteLLMProvider, model: str) -> list[DoctorLine]:
    request = ModelRequest(messages=[user_message(PING_PROMPT)], tools=[PING_TOOL],
                           max_tokens=256, purpose="aux")
    started = time.monotonic()
    try:
        end: StreamEnd = await provider.complete(request)
    except ProviderError as exc:
        text = str(exc)
        if _NO_TOOLS.search(text):
            return [DoctorLine(check="request", status="ok",
                               detail="the server answered (refusing the tool)"),
                    DoctorLine(check="tool calling", status="fail", detail=(
                        f"{model} does not accept tools here, and agent turns need them: "
                        f"{text}"))]
        return [DoctorLine(check="request", status="fail", detail=text),
                DoctorLine(check="tool calling", status="skip", detail="needs a request")]
    elapsed = time.monotonic() - started
    usage = end.usage
    lines = [DoctorLine(check="request", status="ok", detail=(
        f"answered in {elapsed:.1f} s ({usage.input_tokens} tokens in, "
        f"{usage.output_tokens} out)"))]
    calls = end.message.tool_calls
    if any(c.name == PING_TOOL.name for c in calls):
        lines.append(DoctorLine(check="tool calling", status="ok",
                                detail="the model called the test tool"))
    elif calls:
        names = ", ".join(repr(c.name) for c in calls)
        lines.append(DoctorLine(check="tool calling", status="warn", detail=(
            f"the model called {names} instead of {PING_TOOL.name!r}; tool calling works "
            "but may be unreliable with this model")))
    else:
        said = " ".join(end.message.text.split())[:120]
        lines.append(DoctorLine(check="tool calling", status="warn", detail=(
            f"the model answered with text instead of calling the tool ({said!r}): this model "
            "or server may not support tool calling, which agent turns need. Check the "
            "model's documentation or the server's tool option (vLLM: "
            "--enable-auto-tool-choice; Ollama: a model tagged 'tools')")))
    return lines


def _context_line(model: str, window: int | None) -> DoctorLine:
    if window is not None:
        return DoctorLine(check="context window", status="ok",
                          detail=f"{window:,} tokens (ORKAS_CONTEXT_WINDOW)")
    try:
        info = load_litellm().get_model_info(model)
    except Exception:
        return DoctorLine(check="context window", status="warn", detail=(
            f"litellm does not know {model}: assuming {UNKNOWN_CONTEXT_WINDOW:,} tokens. Set "
            "ORKAS_CONTEXT_WINDOW to the model's real window (for Ollama, the num_ctx it runs "
            "with) so compaction starts in time"))
    size = int(info.get("max_input_tokens") or info.get("max_tokens") or 0)
    if not size:
        return DoctorLine(check="context window", status="warn", detail=(
            f"litellm knows {model} but not its window: assuming "
            f"{UNKNOWN_CONTEXT_WINDOW:,} tokens; set ORKAS_CONTEXT_WINDOW"))
    return DoctorLine(check="context window", status="ok",
                      detail=f"{size:,} tokens (litellm's model map)")


def main() -> int:
    """`python -m orkas_jupyter.providers.doctor`: the settings as JSON on stdin, the report
    as JSON on stdout. The kernel runs the checks here, in a process of its own, so litellm
    (~250 MB) is never imported into the kernel; keys come from the inherited environment."""
    settings = Settings.model_validate_json(sys.stdin.read())
    print(asyncio.run(diagnose(settings)).model_dump_json())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
