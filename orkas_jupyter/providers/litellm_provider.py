"""The engine's `Provider` over litellm (P1): one model, one key, one base URL.

Streams litellm chunks into engine events, assembling tool-call deltas by index, thinking
blocks with their signatures, usage and cost (P6). litellm is imported on first use only;
its retries and the openai SDK's are off, and every call carries an explicit timeout.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from ..config import Settings
from ..engine.events import Usage
from ..engine.messages import Message, TextPart, ThinkingPart, ToolCallPart, new_id
from ..engine.provider import (
    ModelInfo,
    ModelRequest,
    ProviderEvent,
    StreamEnd,
    StreamText,
    StreamThinking,
    StreamToolCall,
    complete_from_stream,
)
from ._litellm import load_litellm
from .convert import (
    add_cache_breakpoints,
    prompt_cache_key,
    to_litellm_messages,
    to_litellm_tools,
)
from .errors import ProviderConfigError, ProviderConnectionError, classify_provider_error

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 180.0
# Unknown models (local servers, new releases): a conservative window, so compaction starts
# early rather than the provider rejecting the request. Override with `context_window`.
UNKNOWN_CONTEXT_WINDOW = 32_768


def provider_of(model: str) -> str:
    """The provider prefix of a litellm model string (`openai` for bare OpenAI names)."""
    if "/" in model:
        return model.split("/", 1)[0]
    return "anthropic" if model.startswith("claude") else "openai"


@dataclass
class _ToolCallDraft:
    id: str
    name: str
    arguments: list[str] = field(default_factory=list)


@dataclass
class _Assembly:
    """Accumulates one streamed response."""

    model: str
    text: list[str] = field(default_factory=list)
    thinking: list[str] = field(default_factory=list)
    signature: str | None = None
    redacted: list[str] = field(default_factory=list)
    calls: dict[int, _ToolCallDraft] = field(default_factory=dict)
    finish_reason: str | None = None
    usage: Any = None

    def message(self) -> Message:
        parts: list[TextPart | ThinkingPart | ToolCallPart] = []
        parts.extend(ThinkingPart(text=data, model=self.model, redacted=True)
                     for data in self.redacted)
        if self.thinking:
            parts.append(ThinkingPart(text="".join(self.thinking), model=self.model,
                                      signature=self.signature))
        if self.text and "".join(self.text):
            parts.append(TextPart(text="".join(self.text)))
        for index in sorted(self.calls):
            draft = self.calls[index]
            parts.append(ToolCallPart(id=draft.id, name=draft.name,
                                      arguments="".join(draft.arguments)))
        return Message(role="assistant", parts=list(parts), meta={"model": self.model})


def _field(obj: Any, name: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


class LiteLLMProvider:
    """A `Provider` for one litellm model string, key and base URL."""

    def __init__(self, model: str, *, api_key: str | None = None, api_base: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT, context_window: int | None = None,
                 extra_params: dict[str, Any] | None = None) -> None:
        if not model or not model.strip():
            raise ProviderConfigError("no model given: set ORKAS_MODEL to a litellm model "
                                      "string such as openai/gpt-4o-mini")
        self.model = model.strip()
        self._api_key = api_key
        self.api_base = _normalise_base(self.model, api_base)
        self.timeout = timeout
        self.context_window = context_window
        self.extra_params = dict(extra_params or {})
        self._info: dict[str, ModelInfo] = {}
        self._cache_key_support: dict[str, bool] = {}

    def __repr__(self) -> str:
        # Never the key itself: reprs end up in logs and tracebacks.
        return f"LiteLLMProvider(model={self.model!r}, api_base={self.api_base!r})"

    @classmethod
    def from_settings(cls, settings: Settings, **options: Any) -> LiteLLMProvider:
        """The provider for `settings.model` with `ORKAS_API_BASE` / `ORKAS_API_KEY`."""
        if not settings.model:
            raise ProviderConfigError(
                "No model is configured. Set ORKAS_MODEL to a litellm model string (for "
                "example openai/gpt-4o-mini, with OPENAI_API_KEY set) or use %orkas config.")
        return cls(settings.model, api_key=settings.api_key, api_base=settings.api_base,
                   **options)

    # -- capabilities ------------------------------------------------------------------------
    def model_info(self, model: str | None) -> ModelInfo:
        """Context window and capabilities from litellm's model map (P1), cached per model."""
        name = model or self.model
        if name not in self._info:
            self._info[name] = self._lookup_info(name)
        return self._info[name]

    def _lookup_info(self, name: str) -> ModelInfo:
        litellm = load_litellm()
        try:
            raw = litellm.get_model_info(name)
        except Exception:
            window = self.context_window or UNKNOWN_CONTEXT_WINDOW
            log.info("model %s is not in litellm's model map; assuming a %d-token window",
                     name, window)
            return ModelInfo(model=name, context_window=window)
        window = int(raw.get("max_input_tokens") or raw.get("max_tokens") or
                     UNKNOWN_CONTEXT_WINDOW)
        is_anthropic = (raw.get("litellm_provider") or provider_of(name)) == "anthropic"
        return ModelInfo(
            model=name, context_window=self.context_window or window,
            max_output_tokens=raw.get("max_output_tokens"),
            supports_images=bool(raw.get("supports_vision")),
            # Anthropic takes images inside tool results; the OpenAI format does not.
            supports_tool_result_images=is_anthropic and bool(raw.get("supports_vision")),
            supports_reasoning=bool(raw.get("supports_reasoning")),
        )

    def _supports_cache_key(self, model: str) -> bool:
        if model not in self._cache_key_support:
            litellm = load_litellm()
            try:
                _, provider, _, _ = litellm.get_llm_provider(model)
                params = litellm.get_supported_openai_params(model=model,
                                                             custom_llm_provider=provider)
                supported = "prompt_cache_key" in (params or [])
            except Exception:
                supported = False
            self._cache_key_support[model] = supported
        return self._cache_key_support[model]

    # -- requests ----------------------------------------------------------------------------
    def request_params(self, request: ModelRequest, *, stream: bool = True) -> dict[str, Any]:
        """The keyword arguments for `litellm.acompletion` (without the key)."""
        model = request.model or self.model
        info = self.model_info(model)
        params: dict[str, Any] = {
            "model": model,
            "messages": to_litellm_messages(request.system, request.messages, model,
                                            images=info.supports_images),
            "stream": stream,
            "timeout": self.timeout,
            # Ours is the only retry layer (E10): litellm's and the openai SDK's are off.
            "num_retries": 0,
            "max_retries": 0,
        }
        if stream:
            params["stream_options"] = {"include_usage": True}
        if request.tools:
            params["tools"] = to_litellm_tools(request.tools)
        if request.max_tokens is not None:
            params["max_tokens"] = request.max_tokens
        if self.api_base:
            params["api_base"] = self.api_base
        if request.session_id and self._supports_cache_key(model):
            params["prompt_cache_key"] = prompt_cache_key(request.session_id)
        if provider_of(model) == "anthropic":
            params["messages"] = add_cache_breakpoints(params["messages"])
        params.update(self.extra_params)
        return params

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        """Stream one response; the last event is `StreamEnd` (P1)."""
        litellm = load_litellm()
        params = self.request_params(request)
        model = params["model"]
        if self._api_key:
            params["api_key"] = self._api_key
        secrets = (self._api_key,) if self._api_key else ()
        assembly = _Assembly(model=model)
        response: Any = None
        try:
            response = await litellm.acompletion(**params)
            async for chunk in response:
                for event in _absorb(assembly, chunk):
                    yield event
        except Exception as exc:
            raise classify_provider_error(exc, model=model, secrets=secrets) from exc
        finally:
            if response is not None and hasattr(response, "aclose"):
                try:
                    await response.aclose()
                except Exception:  # closing a broken stream may fail again; nothing to keep
                    log.debug("closing the litellm stream failed", exc_info=True)
        if assembly.finish_reason is None:
            raise ProviderConnectionError(f"{model}: the stream ended without a finish reason")
        yield StreamEnd(message=assembly.message(), usage=self._usage(model, assembly.usage),
                        finish_reason=assembly.finish_reason)

    async def complete(self, request: ModelRequest) -> StreamEnd:
        """One response, not streamed to the caller (drains `stream`)."""
        return await complete_from_stream(self, request)

    async def validate_auth(self) -> None:
        """Send a one-token request; raises `AccountError` when the key is refused."""
        probe = ModelRequest(messages=[Message(role="user", parts=[TextPart(text="ping")])],
                             max_tokens=1, purpose="aux")
        await self.complete(probe)

    def _usage(self, model: str, raw: Any) -> Usage:
        if raw is None:
            return Usage()
        prompt = int(_field(raw, "prompt_tokens") or 0)
        completion = int(_field(raw, "completion_tokens") or 0)
        details = _field(raw, "prompt_tokens_details")
        cached = int(_field(details, "cached_tokens") or 0) if details is not None else 0
        cached = cached or int(_field(raw, "cache_read_input_tokens") or 0)
        cost = _field(raw, "cost")
        if cost is None:
            try:
                prompt_cost, completion_cost = load_litellm().cost_per_token(
                    model=model, prompt_tokens=prompt, completion_tokens=completion)
                cost = prompt_cost + completion_cost
            except Exception:  # a model without cost data costs "unknown", shown as 0
                cost = 0.0
        return Usage(input_tokens=prompt, output_tokens=completion, cache_read_tokens=cached,
                     cost_usd=float(cost or 0.0))


def _absorb(assembly: _Assembly, chunk: Any) -> list[ProviderEvent]:
    """Fold one litellm chunk into `assembly`; the events it produces, in order."""
    events: list[ProviderEvent] = []
    usage = getattr(chunk, "usage", None)
    if usage is not None:
        assembly.usage = usage
    choices = getattr(chunk, "choices", None) or []
    if not choices:
        return events
    choice = choices[0]
    delta = getattr(choice, "delta", None)
    if delta is not None:
        reasoning = getattr(delta, "reasoning_content", None)
        if reasoning:
            assembly.thinking.append(reasoning)
            events.append(StreamThinking(text=reasoning))
        for block in getattr(delta, "thinking_blocks", None) or []:
            if _field(block, "type") == "redacted_thinking":
                assembly.redacted.append(str(_field(block, "data") or ""))
            elif signature := _field(block, "signature"):
                assembly.signature = str(signature)
        content = getattr(delta, "content", None)
        if content:
            assembly.text.append(content)
            events.append(StreamText(text=content))
        for call in getattr(delta, "tool_calls", None) or []:
            events.extend(_absorb_call(assembly, call))
    if choice.finish_reason:
        assembly.finish_reason = str(choice.finish_reason)
    return events


def _absorb_call(assembly: _Assembly, call: Any) -> list[ProviderEvent]:
    index = int(_field(call, "index") or 0)
    function = _field(call, "function")
    name = _field(function, "name") if function is not None else None
    arguments = _field(function, "arguments") if function is not None else None
    draft = assembly.calls.get(index)
    events: list[ProviderEvent] = []
    if draft is None:
        draft = _ToolCallDraft(id=str(_field(call, "id") or new_id("call")), name=name or "")
        assembly.calls[index] = draft
        events.append(StreamToolCall(index=index, id=draft.id, name=draft.name))
    elif name and not draft.name:
        draft.name = name
    if arguments:
        draft.arguments.append(str(arguments))
    return events


def _normalise_base(model: str, api_base: str | None) -> str | None:
    if not api_base:
        return None
    base = api_base.rstrip("/")
    # litellm appends /v1/messages itself: a base ending in /v1 would give /v1/v1/messages.
    if provider_of(model) == "anthropic" and base.endswith("/v1"):
        base = base[: -len("/v1")]
    return base


def timeout_from_env(environ: dict[str, str] | None = None) -> float:
    """`ORKAS_REQUEST_TIMEOUT` seconds (silence allowed between bytes), else the default."""
    raw = (environ if environ is not None else os.environ).get("ORKAS_REQUEST_TIMEOUT", "")
    try:
        return float(raw) if raw.strip() else DEFAULT_TIMEOUT
    except ValueError:
        raise ProviderConfigError(f"ORKAS_REQUEST_TIMEOUT must be a number of seconds, got "
                                  f"{raw!r}") from None
