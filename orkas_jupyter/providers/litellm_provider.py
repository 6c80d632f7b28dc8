"""The engine's `Provider` over litellm (P1): one model, one key, one base URL.

Streams litellm chunks into engine events, assembling tool-call deltas by index, thinking
blocks with their signatures, usage and cost (P6). litellm is imported on first use only;
its retries and the openai SDK's are off, and every call carries an explicit timeout.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from typing import Any

from ..config import Settings
from ..engine.events import Usage
from ..engine.messages import Message, TextPart
from ..engine.provider import (
    ModelInfo,
    ModelRequest,
    ProviderEvent,
    StreamEnd,
    complete_from_stream,
)
from ._litellm import load_litellm
from .assembly import Assembly, field_of
from .convert import (
    add_cache_breakpoints,
    prompt_cache_key,
    to_litellm_messages,
    to_litellm_tools,
)
from .errors import (
    AccountError,
    MissingKeyError,
    ProviderConfigError,
    ProviderConnectionError,
    classify_provider_error,
)
from .keys import (
    NO_KEY_PLACEHOLDER,
    KeySource,
    credential_id,
    endpoint_of,
    missing_key_message,
    needs_key,
    provider_of,
)

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 180.0
# Unknown models (local servers, new releases): a conservative window, so compaction starts
# early rather than the provider rejecting the request. Override with `context_window`.
UNKNOWN_CONTEXT_WINDOW = 32_768


class LiteLLMProvider:
    """A `Provider` for one litellm model string, key and base URL."""

    def __init__(self, model: str, *, api_key: str | None = None, api_base: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT, context_window: int | None = None,
                 extra_params: dict[str, Any] | None = None,
                 key_source: KeySource | None = None) -> None:
        if not model or not model.strip():
            raise ProviderConfigError("no model given: set ORKAS_MODEL to a litellm model "
                                      "string such as openai/gpt-4o-mini")
        self.model = model.strip()
        # `api_key` fixes the key; otherwise it is read at each request (`KeySource`), so a
        # key set after a failure works on the next try. No key is ever kept on `self`.
        self.key_source = KeySource(fixed=api_key) if api_key else (key_source or
                                                                    KeySource(slot=None))
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
        """The provider for `settings.model` with `ORKAS_API_BASE`; the key is read at each
        request from `ORKAS_API_KEY` (first key), else the provider's own variable."""
        if not settings.model:
            raise ProviderConfigError(
                "No model is configured. In a notebook: %orkas model provider/model (a litellm "
                "model string such as openai/gpt-4o-mini); or export ORKAS_MODEL before starting "
                "Jupyter, with the provider's key in its usual variable (OPENAI_API_KEY, …) or "
                "ORKAS_API_KEY. %orkas doctor checks the setup (docs/models.md).")
        options.setdefault("key_source", KeySource(slot=0))
        return cls(settings.model, api_base=settings.api_base, **options)

    def endpoint(self, model: str | None = None) -> str:
        """The URL requests for `model` go to (named in every error message)."""
        return endpoint_of(model or self.model, self.api_base)

    def credential_id(self) -> str:
        """A fingerprint of the key in effect now (rotation forgets a cooldown when it
        changes); never the key."""
        return credential_id(self.key_source.effective(self.model))

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

    def _key_for(self, model: str) -> str | None:
        """The key to send with a request for `model`, read now. Raises `MissingKeyError`
        (before anything is sent, no cooldown) when the provider needs one and none is set."""
        key = self.key_source.orkas_key()
        if key or self.key_source.provider_key(model) or not needs_key(model):
            return key
        if self.api_base:
            # A custom server may need no key at all (Ollama, vLLM); if it does, its 401
            # becomes the same "no key" error below.
            return NO_KEY_PLACEHOLDER
        raise MissingKeyError(missing_key_message(model, self.key_source))

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        """Stream one response; the last event is `StreamEnd` (P1)."""
        litellm = load_litellm()
        params = self.request_params(request)
        model = params["model"]
        key = self._key_for(model)
        if key:
            params["api_key"] = key
        secrets = tuple(k for k in (key, self.key_source.effective(model)) if k)
        endpoint = self.endpoint(model)
        assembly = Assembly(model=model, tool_names=frozenset(t.name for t in request.tools))
        response: Any = None
        try:
            response = await litellm.acompletion(**params)
            async for chunk in response:
                for event in assembly.absorb(chunk):
                    yield event
        except Exception as exc:
            if not _ended_cleanly_without_finish(exc) or not assembly.has_content:
                raise self._error(exc, model, endpoint, key, secrets) from exc
            # The server closed the stream properly but never said why it stopped: what
            # arrived is the whole response.
            assembly.fixes.append("the provider sent no finish reason; the stream ended "
                                  "cleanly, so the response was kept")
        finally:
            if response is not None and hasattr(response, "aclose"):
                try:
                    await response.aclose()
                except Exception:  # closing a broken stream may fail again; nothing to keep
                    log.debug("closing the litellm stream failed", exc_info=True)
        if assembly.finish_reason is None:
            if not assembly.has_content:
                raise ProviderConnectionError(f"{model} at {endpoint}: the stream ended "
                                              "without a finish reason or any content")
            assembly.finish_reason = "tool_calls" if assembly.drafts else "stop"
        yield StreamEnd(message=assembly.message(), usage=self._usage(model, assembly.usage),
                        finish_reason=assembly.finish_reason)

    def _error(self, exc: Exception, model: str, endpoint: str, key: str | None,
               secrets: tuple[str, ...]) -> Exception:
        error = classify_provider_error(exc, model=model, endpoint=endpoint, secrets=secrets,
                                        timeout=self.timeout)
        if key == NO_KEY_PLACEHOLDER and isinstance(error, AccountError) and \
                error.status in (401, 403):
            return MissingKeyError(f"{missing_key_message(model, self.key_source, endpoint)} "
                                   f"({error})", status=error.status)
        return error

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
        prompt = int(field_of(raw, "prompt_tokens") or 0)
        completion = int(field_of(raw, "completion_tokens") or 0)
        details = field_of(raw, "prompt_tokens_details")
        cached = int(field_of(details, "cached_tokens") or 0) if details is not None else 0
        cached = cached or int(field_of(raw, "cache_read_input_tokens") or 0)
        cost = field_of(raw, "cost")
        if cost is None:
            try:
                prompt_cost, completion_cost = load_litellm().cost_per_token(
                    model=model, prompt_tokens=prompt, completion_tokens=completion)
                cost = prompt_cost + completion_cost
            except Exception:  # a model without cost data costs "unknown", shown as 0
                cost = 0.0
        return Usage(input_tokens=prompt, output_tokens=completion, cache_read_tokens=cached,
                     cost_usd=float(cost or 0.0))


def _ended_cleanly_without_finish(exc: BaseException) -> bool:
    """litellm's complaint about a stream that closed properly with no finish reason (a
    dropped connection fails differently)."""
    return (type(exc).__name__ == "MidStreamFallbackError"
            and "before a finish_reason" in str(exc))


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
