"""A model host's first answer before litellm is imported: the OpenAI chat-completions wire.

A workspace's first request reaches its store server (the model host) while litellm is
still importing there (2–3 s). For the one kind of candidate whose request litellm sends
unchanged — an `openai/` model at an explicit base URL (litellm's "OpenAI-compatible
endpoints"; `hosted_vllm/`, `lm_studio/`, `llamafile/` have transformations of their own
and wait for litellm) — this module makes the same streamed call with httpx instead:

* the body is the one litellm sends for those messages and tools (built by `convert.py` and
  `LiteLLMProvider`'s rules; tested against litellm's on the fake server); the key sent
  with the request (one without is left to litellm) goes in the `Authorization` header
  only, and is never logged or kept;
* the SSE chunks are folded by the same `Assembly` as litellm's chunks, so the events are
  the same, and the final usage carries the same fields; its cost is litellm's when litellm
  is ready by the end of the stream, else litellm's bundled price table (the same numbers
  for a plain prompt/completion price; 0 for a model without a price);
* only the success path is served: a refused connection, a non-2xx answer, anything
  unexpected *before the first event* raises `NotServed`, and the caller sends the request
  again through litellm, whose exception mapping defines errors, retries and cooldowns (one
  extra request, only on a cold workspace's first requests). After events were sent, a
  failure is classified as litellm's `MidStreamFallbackError` would be: the same
  `ProviderConnectionError` "the response stream broke off (…)".

Requests that litellm would change (images or content blocks, reasoning blocks sent back,
extra parameters, OpenAI's reasoning, search, audio and realtime models) are not served here.
`model_info` and `needs_key` answer from litellm's bundled model table the way litellm does
for these candidates, so a kernel's first turn need not wait for the import either.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from ..engine.events import Usage
from ..engine.provider import ModelInfo, ModelRequest, ProviderEvent, StreamEnd
from .assembly import Assembly, field_of
from .errors import classify_provider_error
from .keys import provider_of
from .litellm_provider import UNKNOWN_CONTEXT_WINDOW, LiteLLMProvider
from .model_table import served_model_table

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

WIRE_PROVIDER = "openai"
# OpenAI models litellm sends through other request configs (o-series and GPT-5 reasoning
# models: `max_completion_tokens`, no system role, …; audio, realtime, search variants).
_TRANSFORMED = re.compile(r"^o\d|gpt-5|gpt-6|audio|realtime|search|codex|computer-use",
                          re.IGNORECASE)
# Said by litellm when a stream closes properly without a finish reason (LiteLLMProvider
# keeps what arrived and notes it the same way).
NO_FINISH_FIX = ("the provider sent no finish reason; the stream ended cleanly, so the "
                 "response was kept")


class NotServed(Exception):
    """The direct call cannot give this request's answer (nothing was sent to the caller
    yet): litellm must serve it."""


class MidStreamFallbackError(Exception):
    """A failure after events were sent, shaped as litellm reports one (its class name and
    `original_exception`), so `classify_provider_error` maps it exactly as litellm's."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.original_exception = Exception(message)


class Timeout(Exception):
    """A silent server mid-stream, shaped as litellm's `Timeout` (its name and text)."""

    def __init__(self) -> None:
        super().__init__("APITimeoutError - Request timed out. Error_str: Request timed out.")


def _entry(model: str) -> dict[str, Any] | None:
    """The table entry litellm uses for `openai/<name>`: its own key, else the bare name when
    the entry is openai's."""
    table = served_model_table()
    bare = model.split("/", 1)[-1]
    for key in (model, bare):
        entry = table.get(key)
        if isinstance(entry, dict) and entry.get("litellm_provider") == WIRE_PROVIDER:
            return entry
    return None


def wire_model(model: str, api_base: str | None, extra_params: dict[str, Any]) -> bool:
    """True when a candidate's requests can be sent here as litellm would send them."""
    if provider_of(model) != WIRE_PROVIDER or "/" not in model or extra_params:
        return False
    if not api_base or not api_base.startswith(("http://", "https://")) or "?" in api_base:
        return False
    bare = model.split("/", 1)[1]
    if not bare or _TRANSFORMED.search(bare):
        return False
    entry = _entry(model)  # OpenAI's reasoning models, whatever their name: litellm's call
    return entry is None or (entry.get("mode") == "chat" and not entry.get("supports_reasoning"))


def wire_model_info(model: str, context_window: int | None) -> ModelInfo:
    """`LiteLLMProvider.model_info` for a wire model, from the bundled table."""
    raw = _entry(model)
    if raw is None:
        return ModelInfo(model=model, context_window=context_window or UNKNOWN_CONTEXT_WINDOW)
    window = int(raw.get("max_input_tokens") or raw.get("max_tokens") or
                 UNKNOWN_CONTEXT_WINDOW)
    return ModelInfo(model=model, context_window=context_window or window,
                     max_output_tokens=raw.get("max_output_tokens"),
                     supports_images=bool(raw.get("supports_vision")),
                     supports_tool_result_images=False,
                     supports_reasoning=bool(raw.get("supports_reasoning")))


def wire_needs_key(model: str) -> bool:
    """`keys.needs_key` for a wire model: litellm's check that OPENAI_API_KEY is set here."""
    return "OPENAI_API_KEY" not in os.environ


def bundled_cost(model: str, prompt: int, completion: int) -> float:
    """USD for a call from the bundled prices (0 when the model has none, as with litellm)."""
    raw = _entry(model) or {}
    inp, out = raw.get("input_cost_per_token"), raw.get("output_cost_per_token")
    if not isinstance(inp, int | float) or not isinstance(out, int | float):
        return 0.0
    return prompt * float(inp) + completion * float(out)


def new_client() -> httpx.AsyncClient:
    """A client for direct calls (~60 ms to make: it loads the CA certificates), with the
    same defaults as the openai SDK's where they matter: no redirects followed, the
    environment's proxies honoured, a timeout on every request."""
    import httpx

    return httpx.AsyncClient(follow_redirects=False)


class _View:
    """A chunk's JSON read the way `Assembly` reads litellm's objects (`x.field`, None when
    absent)."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        return _view(self._data.get(name))


def _view(value: Any) -> Any:
    if isinstance(value, dict):
        return _View(value)
    if isinstance(value, list):
        return [_view(v) for v in value]
    return value


class WireLeaf(LiteLLMProvider):
    """A host candidate's provider whose `stream_direct` calls the server itself. It builds
    requests with `LiteLLMProvider`'s own rules, answering the two questions they ask
    litellm (model info, `prompt_cache_key` support) from the bundled table instead."""

    def __init__(self, model: str, *, litellm_ready: Callable[[], bool] = lambda: False,
                 **options: Any) -> None:
        super().__init__(model, **options)
        self.litellm_ready = litellm_ready

    def serves(self, request: ModelRequest) -> bool:
        """True when this request goes out exactly as litellm would send it."""
        return wire_model(request.model or self.model, self.api_base, self.extra_params)

    def model_info(self, model: str | None) -> ModelInfo:
        """What litellm's model map says, read from the bundled table."""
        return wire_model_info(model or self.model, self.context_window)

    def _supports_cache_key(self, model: str) -> bool:
        return True  # every chat model of litellm's OpenAI GPT configs takes it

    def request_body(self, request: ModelRequest) -> dict[str, Any]:
        """The JSON body litellm sends for these models (`request_params` without the
        settings litellm keeps for itself). Raises `NotServed` for anything it would
        change."""
        model = request.model or self.model
        if not self.serves(request):
            raise NotServed(f"{model}: not an OpenAI-compatible request litellm sends as is")
        params = self.request_params(request)
        for message in params["messages"]:
            if not isinstance(message.get("content"), str | None) or \
                    "thinking_blocks" in message:
                raise NotServed(f"{model}: litellm transforms content blocks")
        body = {k: v for k, v in params.items()
                if k not in ("timeout", "num_retries", "max_retries", "api_base")}
        body["model"] = model.split("/", 1)[1]
        return body

    async def stream_direct(self, request: ModelRequest, client: httpx.AsyncClient | None = None,
                            ) -> AsyncIterator[ProviderEvent]:
        """Stream one response over httpx (`client`, else one of its own); `NotServed`
        (before any event) when litellm must answer instead."""
        import httpx  # ~75 ms; only the model host's cold path needs it

        model = request.model or self.model
        body = self.request_body(request)
        key = self.key_source.orkas_key()
        if not key or not self.api_base:  # litellm reads the host's own variables, or refuses
            raise NotServed(f"{model}: no key sent with the request")
        headers = {"content-type": "application/json", "accept": "application/json",
                   "authorization": f"Bearer {key}"}
        url = f"{self.api_base.rstrip('/')}/chat/completions"
        assembly = Assembly(model=model, tool_names=frozenset(t.name for t in request.tools))
        sent = False
        done = False  # `[DONE]` or the end of a complete HTTP body
        try:
            async with contextlib.AsyncExitStack() as stack:
                if client is None:
                    client = await stack.enter_async_context(new_client())
                response = await stack.enter_async_context(client.stream(
                    "POST", url, json=body, headers=headers,
                    timeout=httpx.Timeout(self.timeout)))
                if not 200 <= response.status_code < 300:
                    raise NotServed(f"{model}: HTTP {response.status_code}")
                async for chunk in _sse_chunks(response.aiter_lines()):
                    if chunk is None:
                        break
                    if chunk.get("error"):
                        error = chunk["error"]
                        message = error.get("message") if isinstance(error, dict) else None
                        raise _StreamFailure(str(message or error))
                    for event in assembly.absorb(_View(chunk)):
                        sent = True
                        yield event
                done = True
        except NotServed:
            raise
        except Exception as exc:
            if not sent:
                raise NotServed(f"{model}: {type(exc).__name__} before the first event") \
                    from exc
            raise self._mid_stream(exc, model, key) from exc
        if assembly.finish_reason is None:
            if not assembly.has_content or not done:
                if not sent:
                    raise NotServed(f"{model}: no finish reason and no content")
                raise self._mid_stream(_StreamFailure("Connection error."), model, key)
            assembly.fixes.append(NO_FINISH_FIX)
            assembly.finish_reason = "tool_calls" if assembly.drafts else "stop"
            # litellm raises at the end of such a stream, before handing out its usage: the
            # kept response has none there, and none here.
            assembly.usage = None
        yield StreamEnd(message=assembly.message(), usage=self._usage(model, assembly.usage),
                        finish_reason=assembly.finish_reason)

    def _mid_stream(self, exc: BaseException, model: str, key: str) -> Exception:
        """A failure after events were sent, as litellm's streaming wrapper reports it: the
        openai SDK's "Connection error." for a broken transport, litellm's `Timeout` for a
        silent server, else the failure's own text."""
        import httpx

        if isinstance(exc, httpx.TimeoutException):
            # litellm raises its `Timeout` here, not a broken stream.
            return classify_provider_error(Timeout(), model=model,
                                           endpoint=self.endpoint(model), secrets=(key,),
                                           timeout=self.timeout)
        text = "Connection error." if isinstance(exc, httpx.TransportError) else str(exc)
        return classify_provider_error(MidStreamFallbackError(text), model=model,
                                       endpoint=self.endpoint(model), secrets=(key,),
                                       timeout=self.timeout)

    def _usage(self, model: str, raw: Any) -> Usage:
        """litellm's usage fields; the cost from litellm once it is ready, else from the
        bundled prices (never waiting for the import on the shared loop)."""
        if raw is None or self.litellm_ready() or field_of(raw, "cost") is not None:
            return super()._usage(model, raw)
        prompt = int(field_of(raw, "prompt_tokens") or 0)
        completion = int(field_of(raw, "completion_tokens") or 0)
        data = raw._data if isinstance(raw, _View) else {}
        priced = _View({**data, "cost": bundled_cost(model, prompt, completion)})
        return super()._usage(model, priced)


class _StreamFailure(Exception):
    """An error the server reported inside a 200 stream, or a stream cut short."""


async def _sse_chunks(lines: AsyncIterator[str]) -> AsyncIterator[dict[str, Any] | None]:
    """The JSON chunks of a server-sent-event stream; None for `[DONE]`. Events end at a
    blank line (or at the end of the stream); only `data:` fields matter here."""
    data: list[str] = []

    def payload() -> str:
        text = "\n".join(data)
        data.clear()
        return text

    async for line in lines:
        if line.startswith("data:"):
            data.append(line[5:].lstrip(" "))
            continue
        if line or not data:
            continue  # comments, other fields, blank lines between events
        text = payload()
        if text.strip() == "[DONE]":
            yield None
            return
        yield json.loads(text)
    if data:
        text = payload()
        if text.strip() == "[DONE]":
            yield None
        else:
            yield json.loads(text)

