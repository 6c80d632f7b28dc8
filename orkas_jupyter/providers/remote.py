"""Models called from another process: the kernel-side `RemoteProvider` and the wire format
both ends share.

litellm costs ~3 s to import and ~300 MB per process. A kernel that sends its requests to the
workspace's store server (which imports litellm once, for every kernel) starts answering at
once and stays small. Rotation and record/replay stay in the kernel, unchanged; only the
leaf — one model, one key, one base URL — runs remotely: the kernel sends the request, the
key it would use *now* (read at each request, so a key set with `%env` after a failure works
on the next try) and the candidate's settings; the host streams provider events back as it
receives them, and errors come back as the same `ProviderError` classes with the same
messages. Closing the stream (cancel, `aclose`) closes the connection, and the host then
aborts the upstream request.

This module never imports litellm, and imports nothing of the store: the transport is a
`ModelChannel` the caller gives (`orkas_jupyter.store.model_client`).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncGenerator, AsyncIterator, Mapping
from typing import Any, Protocol

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from ..config import Settings
from ..engine import errors as engine_errors
from ..engine.errors import NonRetryableProviderError, OrkasError, ProviderError
from ..engine.messages import Message, TextPart
from ..engine.provider import (
    ModelInfo,
    ModelRequest,
    Provider,
    ProviderEvent,
    StreamEnd,
    complete_from_stream,
)
from ..engine.timing import Clock
from . import errors as provider_errors
from .errors import MissingKeyError, ProviderConnectionError
from .factory import make_provider
from .keys import (
    _BASE_VARIABLES,
    NO_KEY_PLACEHOLDER,
    KeySource,
    credential_id,
    missing_key_message,
    provider_of,
)
from .litellm_provider import UNKNOWN_CONTEXT_WINDOW, LiteLLMProvider
from .replay import RecordingStore

log = logging.getLogger(__name__)

STREAM_OP = "model.stream"
INFO_OP = "model.info"
WARM_OP = "model.warm"

# Providers whose credentials are more than one key (cloud accounts, OAuth, several variables
# read by litellm itself): their requests stay in the kernel, whose environment has them all.
KERNEL_ONLY_PROVIDERS = frozenset({
    "azure", "azure_ai", "azure_text", "bedrock", "bedrock_converse", "sagemaker",
    "sagemaker_chat", "vertex_ai", "vertex_ai_beta", "gemini_vertex", "watsonx",
    "watsonx_text", "oci", "snowflake", "databricks", "cloudflare", "github_copilot",
})

_EVENTS: TypeAdapter[ProviderEvent] = TypeAdapter(ProviderEvent)


class LeafConfig(BaseModel):
    """One candidate as the host rebuilds it: everything but the key."""

    model: str
    api_base: str | None = None
    timeout: float
    context_window: int | None = None
    extra_params: dict[str, Any] = Field(default_factory=dict)
    # The candidate's place in ORKAS_API_KEY (None: another provider's own variable), so a
    # "no key" message names the same variable as in the kernel.
    slot: int | None = 0

    def cache_key(self) -> str:
        """Identifies the host's litellm provider for this candidate (no key inside)."""
        return self.model_dump_json()


class StreamArgs(LeafConfig):
    """`model.stream`: the candidate, the key for this one request, and the request."""

    key: str | None = None
    request: ModelRequest


class InfoArgs(LeafConfig):
    """`model.info`: capabilities of `model`, and whether its provider wants a key."""


class RemoteModelInfo(BaseModel):
    """The host's answer to `model.info`."""

    info: ModelInfo
    needs_key: bool


class ModelHostError(Exception):
    """A failure the host reported: a provider error's class name, message and details."""

    def __init__(self, type_name: str, message: str, detail: Mapping[str, Any] | None) -> None:
        super().__init__(message)
        self.type_name = type_name
        self.detail = dict(detail or {})


class ModelChannel(Protocol):
    """How a kernel reaches the model host."""

    def call(self, op: str, args: dict[str, Any]) -> Any:
        """One request, one answer (blocking)."""
        ...

    def stream(self, op: str, args: dict[str, Any]) -> AsyncGenerator[list[Any], None]:
        """Send one request and yield batches of results as the host sends them; closing the
        iterator early cancels the request on the host. Raises `ModelHostError` for errors
        the host reports and `OSError`/`ConnectionError` when the connection fails."""
        ...


# -- errors on the wire ------------------------------------------------------------------------
_ERROR_CLASSES: dict[str, type[OrkasError]] = {
    cls.__name__: cls
    for module in (engine_errors, provider_errors)
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, OrkasError)
}


def error_to_wire(exc: BaseException) -> tuple[str, str, dict[str, Any]]:
    """(class name, message, details) of an error raised by the host's provider."""
    if isinstance(exc, ProviderError):
        return type(exc).__name__, str(exc), {"status": exc.status,
                                              "retry_after": exc.retry_after,
                                              "max_retries": exc.max_retries}
    if isinstance(exc, OrkasError):
        return type(exc).__name__, str(exc), {}
    # A bug on the host: say so without a traceback; nothing about it is worth retrying.
    return "NonRetryableProviderError", f"the model host failed: {type(exc).__name__}: {exc}", {}


def error_from_wire(type_name: str, message: str,
                    detail: Mapping[str, Any] | None = None) -> OrkasError:
    """The exception the host reported, as the same class with the same message."""
    cls = _ERROR_CLASSES.get(type_name, NonRetryableProviderError)
    if issubclass(cls, ProviderError):
        d = dict(detail or {})
        return cls(message, status=d.get("status"), retry_after=d.get("retry_after"),
                   max_retries=d.get("max_retries"))
    return cls(message)


def event_from_wire(data: Any) -> ProviderEvent:
    """One provider event sent by the host."""
    return _EVENTS.validate_python(data)


def base_from_environ(model: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The base URL litellm would read from the provider's own variable in this process
    (`OPENAI_BASE_URL`, …), so the host calls the same endpoint the kernel would."""
    env = os.environ if environ is None else environ
    for variable in _BASE_VARIABLES.get(provider_of(model), ()):
        if env.get(variable):
            return env[variable]
    return None


# -- the kernel side ---------------------------------------------------------------------------
class RemoteProvider:
    """A `Provider` for one model, key and base URL whose calls run in the model host."""

    def __init__(self, channel: ModelChannel, model: str, *, key_source: KeySource,
                 api_base: str | None, timeout: float, context_window: int | None = None,
                 extra_params: dict[str, Any] | None = None) -> None:
        self.channel = channel
        self.model = model
        self.key_source = key_source
        self.api_base = api_base
        self.timeout = timeout
        self.context_window = context_window
        self.extra_params = dict(extra_params or {})
        self._info: dict[str, RemoteModelInfo] = {}

    @classmethod
    def like(cls, local: LiteLLMProvider, channel: ModelChannel) -> RemoteProvider:
        """The remote twin of a (not yet used) `LiteLLMProvider`: same model, key source,
        base URL, timeout and window."""
        return cls(channel, local.model, key_source=local.key_source, api_base=local.api_base,
                   timeout=local.timeout, context_window=local.context_window,
                   extra_params=local.extra_params)

    def __repr__(self) -> str:
        return f"RemoteProvider(model={self.model!r}, api_base={self.api_base!r})"

    def credential_id(self) -> str:
        """Fingerprint of the key in effect now (rotation forgets a cooldown when it
        changes); never the key."""
        return credential_id(self.key_source.effective(self.model))

    def _leaf(self, model: str) -> LeafConfig:
        return LeafConfig(model=model, api_base=self.api_base or base_from_environ(model),
                          timeout=self.timeout, context_window=self.context_window,
                          extra_params=self.extra_params, slot=self.key_source.slot)

    def remote_info(self, model: str | None = None) -> RemoteModelInfo:
        """The host's view of `model`: capabilities and whether it needs a key (cached)."""
        name = model or self.model
        if name not in self._info:
            raw = self.channel.call(INFO_OP, self._leaf(name).model_dump(mode="json"))
            self._info[name] = RemoteModelInfo.model_validate(raw)
        return self._info[name]

    def model_info(self, model: str | None) -> ModelInfo:
        """Context window and capabilities from the host's litellm model map, cached. When
        the host cannot be asked, a conservative guess (not cached): the next request says
        what is wrong."""
        try:
            return self.remote_info(model).info
        except (OrkasError, OSError, ConnectionError) as exc:
            log.warning("the model host could not describe %s (%s); assuming a %d-token "
                        "window", model or self.model, type(exc).__name__,
                        self.context_window or UNKNOWN_CONTEXT_WINDOW)
            return ModelInfo(model=model or self.model,
                             context_window=self.context_window or UNKNOWN_CONTEXT_WINDOW)

    async def _key_for(self, model: str) -> str | None:
        """The key to send with this request, read now; `MissingKeyError` (nothing sent) when
        the provider needs one and none is set — the same rule as `LiteLLMProvider`."""
        key = self.key_source.effective(model)
        if key:
            return key
        try:
            info = await asyncio.to_thread(self.remote_info, model)
        except ProviderError:
            raise
        except (OrkasError, OSError, ConnectionError) as exc:
            raise ProviderConnectionError(f"{model}: the workspace's model host (the store "
                                          f"server) could not be asked: {exc}") from None
        if not info.needs_key:
            return None
        if self.api_base:
            return NO_KEY_PLACEHOLDER
        raise MissingKeyError(missing_key_message(model, self.key_source))

    async def stream(self, request: ModelRequest) -> AsyncIterator[ProviderEvent]:
        """Stream one response from the host; the last event is `StreamEnd`."""
        model = request.model or self.model
        key = await self._key_for(model)
        args = StreamArgs(**self._leaf(model).model_dump(), key=key,
                          request=request.model_copy(update={"model": model}))
        stream = self.channel.stream(STREAM_OP, args.model_dump(mode="json"))
        started = False
        try:
            async for batch in stream:
                for item in batch:
                    event = event_from_wire(item)
                    started = True
                    yield event
        except ModelHostError as exc:
            if exc.type_name.startswith("Store"):
                # A store server of an older version, still running, knows no model calls.
                raise NonRetryableProviderError(
                    f"{model}: the store server cannot call models ({exc}). Close this "
                    "workspace's kernels so it exits, or set ORKAS_MODEL_HOST=kernel to call "
                    "models from the kernel.") from None
            raise error_from_wire(exc.type_name, str(exc), exc.detail) from None
        except ValidationError as exc:
            raise NonRetryableProviderError(f"{model}: the model host sent an event this "
                                            f"kernel cannot read ({exc.error_count()} "
                                            "errors); restart the store server") from None
        except (OSError, ConnectionError) as exc:
            state = "mid-response" if started else "before an answer"
            raise ProviderConnectionError(f"{model}: the connection to the workspace's model "
                                          f"host (the store server) broke {state}: {exc}"
                                          ) from None
        finally:
            await stream.aclose()

    async def complete(self, request: ModelRequest) -> StreamEnd:
        """One response, not streamed to the caller (drains `stream`)."""
        return await complete_from_stream(self, request)

    async def validate_auth(self) -> None:
        """Send a one-token request; raises `AccountError` when the key is refused."""
        probe = ModelRequest(messages=[Message(role="user", parts=[TextPart(text="ping")])],
                             max_tokens=1, purpose="aux")
        await self.complete(probe)


def remote_capable(settings: Settings) -> bool:
    """True when every configured model's credentials are one key the kernel can send."""
    models = [m.strip() for m in [settings.model or "", *settings.fallback_models] if m.strip()]
    return bool(models) and all(provider_of(m) not in KERNEL_ONLY_PROVIDERS for m in models)


def make_remote_provider(settings: Settings, channel: ModelChannel, *,
                         recordings: RecordingStore | None = None, clock: Clock | None = None,
                         environ: Mapping[str, str] | None = None,
                         timeout: float | None = None) -> Provider:
    """The same stack as `factory.make_provider` — rotation over the candidates, wrapped in
    record/replay unless `settings.replay` is `off` — with every call made by the host."""
    return make_provider(settings, recordings=recordings, clock=clock, environ=environ,
                         timeout=timeout, leaf=lambda local: RemoteProvider.like(local, channel))
