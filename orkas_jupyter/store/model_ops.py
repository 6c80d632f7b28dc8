"""The model host: the store server calls models for every kernel of the workspace.

litellm is imported once here (warmed in the background when a kernel asks, or when the
server starts for a workspace with a model configured), and all requests run on one event
loop thread, so HTTP connections to a provider are pooled across kernels. That loop writes
each `model.stream` event to its client's socket as it arrives, and when the client closes
the connection the upstream request is cancelled. Keys arrive with each request, live only
in that request's context, and are never logged, stored or put in the environment.

Before litellm is ready (a cold workspace's first requests), an `openai/` model at a base URL
is answered without it: `model.info` from litellm's bundled table, `model.stream` over the
direct wire (`providers/openai_wire.py`: litellm's body, events and usage); anything that
fails before its first event is sent again through litellm once it is imported, so errors,
retries and cooldowns stay litellm's.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import logging
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from ..engine.messages import Message, TextPart
from ..engine.provider import ModelRequest, ProviderEvent
from ..providers._litellm import load_litellm
from ..providers.keys import KeySource, needs_key
from ..providers.litellm_provider import LiteLLMProvider
from ..providers.openai_wire import (
    NotServed,
    WireLeaf,
    new_client,
    wire_model,
    wire_model_info,
    wire_needs_key,
)
from ..providers.remote import (
    INFO_OP,
    STREAM_OP,
    WARM_OP,
    InfoArgs,
    LeafConfig,
    RemoteModelInfo,
    StreamArgs,
    error_to_wire,
)
from .rpc import RpcRequest, RpcResponse, encode_frame

log = logging.getLogger(__name__)

MODEL_OPS = frozenset({STREAM_OP, INFO_OP, WARM_OP})
_MAX_LEAVES = 64
# Rehearsed at warm-up when the workspace names no model: the OpenAI chat format, which most
# providers and local servers speak.
WARM_MODEL = "openai/gpt-4o"

# The key of the request being served, visible only inside that request's task.
_REQUEST_KEY: contextvars.ContextVar[str | None] = contextvars.ContextVar("orkas_request_key",
                                                                          default=None)


@dataclass(frozen=True)
class _SentKey(KeySource):
    """A candidate's key as the kernel sent it for the current request. The server's own
    environment is never a source: a kernel without a key gets the kernel's "no key" error."""

    def orkas_key(self) -> str | None:
        """The key sent with the request being served."""
        return _REQUEST_KEY.get()

    def provider_key(self, model: str) -> tuple[str, str] | None:
        """The kernel already chose between its variables; nothing more to find here."""
        return None


# Loggers of the model stack that would write requests, URLs and responses into the
# server's log (operation names and errors only): their failures reach the kernel as errors.
_CHATTY_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm", "httpx", "httpcore",
                   "openai", "anthropic")


def _load_quietly() -> Any:
    """litellm, with its loggers and its HTTP stack's kept out of the server's log (set
    after the import, which configures litellm's own loggers)."""
    litellm = load_litellm()
    for name in _CHATTY_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    return litellm


async def _rehearse(model: str) -> None:
    """One streamed request through the same provider code a real one takes, answered by
    litellm itself (`mock_response`): nothing leaves the process, no key is needed."""
    leaf = LiteLLMProvider(model, api_key="warm-up", extra_params={"mock_response": "ready"})
    request = ModelRequest(messages=[Message(role="user", parts=[TextPart(text="ready?")])])
    async for _ in leaf.stream(request):
        pass


def _argument_error(op: str, exc: ValidationError) -> str:
    # Field names only: the arguments hold a key and the conversation.
    fields = ", ".join(".".join(str(p) for p in e["loc"]) or "?" for e in exc.errors())
    return f"malformed {op} request (fields: {fields}); the kernel and the store server " \
           "may be different orkas-jupyter versions: restart the kernel"


class ModelHost:
    """litellm providers for the kernels of one workspace, on one event loop thread."""

    def __init__(self) -> None:
        for name in ("httpx", "httpcore"):  # the direct path's: URLs at INFO
            logging.getLogger(name).setLevel(logging.CRITICAL)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._leaves: OrderedDict[str, LiteLLMProvider] = OrderedDict()
        self._warm: threading.Thread | None = None
        self.warmed = threading.Event()
        self._wire_client: Any = None  # httpx client of the direct path (openai_wire.py)
        self._busy = 0  # model requests being served now
        self._last_request = 0.0  # time.monotonic() of the last one's end

    # -- lifecycle ---------------------------------------------------------------------------
    def warm(self, model: str | None = None) -> None:
        """Import litellm and pay its first-use costs in the background (once); `model` (the
        workspace's model) decides which provider's request path is rehearsed."""
        with self._lock:
            if self._warm is not None:
                return
            self._warm = threading.Thread(target=self._warm_up, args=(model,),
                                          name="orkas-models-warm", daemon=True)
            self._warm.start()

    def wait_warm(self) -> None:
        """Block until warm (starting the warm-up if nobody has): a first request must not
        pay litellm's first-use costs on the shared loop, where they would hold up the
        events of every stream."""
        self.warm()
        self.warmed.wait()

    def _warm_up(self, model: str | None) -> None:
        started = time.perf_counter()
        # litellm's import builds thousands of classes; the collector would walk them again
        # and again meanwhile (~30 % of the import). Nothing here makes reference cycles
        # worth collecting early; it runs again at the end.
        gc.disable()
        try:
            self._prepare_wire()
            litellm = _load_quietly()
            imported = time.perf_counter() - started
            with contextlib.suppress(Exception):
                litellm.get_model_info("gpt-4o")  # builds the model map's lookup tables
            # A first request also imports modules of its own and builds litellm's request
            # machinery (~0.3 s): rehearse one without the network (`mock_response`), on
            # the loop the requests run on.
            loop = self.loop()
            rehearsal = asyncio.run_coroutine_threadsafe(_rehearse(model or WARM_MODEL), loop)
            with contextlib.suppress(Exception):
                rehearsal.result(timeout=30)
            log.info("models ready in %.2f s (litellm imported in %.2f s)",
                     time.perf_counter() - started, imported)
        except Exception:
            log.exception("warming litellm failed")
        finally:
            gc.enable()
            gc.freeze()  # litellm's long-lived objects: out of every later collection
            self.warmed.set()
        self._load_tokenizer_when_idle()

    def _prepare_wire(self) -> None:
        """What a request served before litellm is ready needs (~0.1 s, mostly the CA
        certificates): made first, so a workspace's first request does not pay for it."""
        with contextlib.suppress(Exception):
            wire_model_info(WARM_MODEL, None)  # reads the bundled model table
            self._wire_client = new_client()

    def _load_tokenizer_when_idle(self, quiet: float = 1.0, give_up: float = 120.0) -> None:
        """litellm's bundled tokenizer (~0.3 s to load) serves only providers whose streams
        report no usage. Loaded once no request has run for `quiet` seconds: a first
        request never waits for it, nor shares the interpreter with it."""
        with self._lock:  # a kernel's request may be about to arrive: count from now
            self._last_request = max(self._last_request, time.monotonic())
        deadline = time.monotonic() + give_up
        while time.monotonic() < deadline:
            with self._lock:
                idle = not self._busy and time.monotonic() - self._last_request >= quiet
            if idle:
                with contextlib.suppress(Exception):
                    load_litellm().token_counter(model="gpt-4o", text="warm")
                return
            time.sleep(quiet / 4)

    @contextlib.contextmanager
    def _serving(self) -> Iterator[None]:
        with self._lock:
            self._busy += 1
        try:
            yield
        finally:
            with self._lock:
                self._busy -= 1
                self._last_request = time.monotonic()

    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop every model request runs on (started on first use)."""
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="orkas-models-loop",
                                 daemon=True).start()
                self._loop = loop
            return self._loop

    def close(self) -> None:
        """Stop the event loop (running requests are abandoned with it)."""
        with self._lock:
            loop, self._loop = self._loop, None
        if loop is not None:
            if self._wire_client is not None:  # its idle connections, closed on their loop
                closing = asyncio.run_coroutine_threadsafe(self._wire_client.aclose(), loop)
                with contextlib.suppress(Exception):
                    closing.result(timeout=1)
            loop.call_soon_threadsafe(loop.stop)

    # -- requests ----------------------------------------------------------------------------
    def serves(self, op: str) -> bool:
        """True for the operations answered here rather than by the store's engine."""
        return op in MODEL_OPS

    def _leaf(self, config: LeafConfig) -> LiteLLMProvider:
        """The provider for one candidate, kept so its model-info caches are reused."""
        key = config.cache_key()
        with self._lock:
            leaf = self._leaves.get(key)
            if leaf is None:
                leaf = LiteLLMProvider(config.model, api_base=config.api_base,
                                       timeout=config.timeout,
                                       context_window=config.context_window,
                                       extra_params=config.extra_params,
                                       key_source=_SentKey(slot=config.slot))
                self._leaves[key] = leaf
                while len(self._leaves) > _MAX_LEAVES:
                    self._leaves.popitem(last=False)
            else:
                self._leaves.move_to_end(key)
            return leaf

    def wire_leaf(self, config: LeafConfig) -> WireLeaf | None:
        """The direct twin of a candidate whose requests litellm sends unchanged (an `openai/`
        model at a base URL), for requests that arrive before litellm is ready."""
        if not wire_model(config.model, config.api_base, config.extra_params):
            return None
        return WireLeaf(config.model, api_base=config.api_base, timeout=config.timeout,
                        context_window=config.context_window,
                        key_source=_SentKey(slot=config.slot), litellm_ready=self.warmed.is_set)

    async def events(self, leaf: LiteLLMProvider, args: StreamArgs,
                     ) -> AsyncIterator[ProviderEvent]:
        """A request's events: while litellm is still importing, over the direct wire where
        it serves the request; else (or when it gives up before its first event) through
        litellm, once ready. Runs on the model loop."""
        if not self.warmed.is_set():
            wire = self.wire_leaf(args)
            if wire is not None and wire.serves(args.request):
                started = time.perf_counter()
                first: float | None = None
                try:
                    async for event in wire.stream_direct(args.request, self._wire_client):
                        first = first or time.perf_counter() - started
                        yield event
                    log.info("model.stream served directly (litellm still importing): first "
                             "event in %.0f ms, whole answer in %.0f ms", (first or 0) * 1000,
                             (time.perf_counter() - started) * 1000)
                    return
                except NotServed as exc:  # nothing was sent: litellm answers, as always
                    log.info("model.stream waits for litellm: %s", exc)
            await asyncio.to_thread(self.wait_warm)  # never block the shared loop on it
        async for event in leaf.stream(args.request):
            yield event

    def answer(self, req: RpcRequest) -> RpcResponse:
        """`model.info` and `model.warm`: one request, one answer."""
        if req.op == WARM_OP:
            self.warm()
            return RpcResponse(id=req.id, ok=True, result={"warm": self.warmed.is_set()})
        try:
            args = InfoArgs.model_validate(req.args)
        except ValidationError as exc:
            return RpcResponse(id=req.id, ok=False, error_type="StoreArgumentError",
                               error=_argument_error(req.op, exc))
        with self._serving():
            if not self.warmed.is_set() and wire_model(args.model, args.api_base,
                                                       args.extra_params):
                # What litellm would say, from its bundled table: a cold workspace's first
                # turn does not wait for the import (openai_wire.py).
                result = RemoteModelInfo(info=wire_model_info(args.model, args.context_window),
                                         needs_key=wire_needs_key(args.model))
            else:
                self.wait_warm()
                info = self._leaf(args).model_info(args.model)
                result = RemoteModelInfo(info=info, needs_key=needs_key(args.model))
        return RpcResponse(id=req.id, ok=True, result=result.model_dump(mode="json"))

    def serve_stream(self, req: RpcRequest, sock: socket.socket) -> bool:
        """Answer `model.stream` with event frames then a final frame, sent from the model
        loop as each event arrives. False when the client went away (the upstream request
        is then cancelled)."""
        try:
            args = StreamArgs.model_validate(req.args)
        except ValidationError as exc:
            return _send(sock, RpcResponse(id=req.id, ok=False, error_type="StoreArgumentError",
                                           error=_argument_error(req.op, exc)))
        try:
            leaf = self._leaf(args)
        except Exception as exc:  # e.g. a model name litellm's adapter refuses
            type_name, message, detail = error_to_wire(exc)
            return _send(sock, RpcResponse(id=req.id, ok=False, error_type=type_name,
                                           error=message, detail=detail))
        # The loop writes to the socket itself (no hand-off to this thread per event, which
        # costs a GIL switch each); non-blocking, so a client that stops reading stalls only
        # its own request.
        sock.setblocking(False)
        with self._serving():
            future = asyncio.run_coroutine_threadsafe(
                _stream_to(sock, req.id, leaf, args, self), self.loop())
            try:
                return future.result()
            except BaseException:
                future.cancel()
                return False
            finally:
                sock.setblocking(True)


class _ClientGone(Exception):
    """The kernel closed the connection: how it cancels a stream."""


async def _stream_to(sock: socket.socket, req_id: int, leaf: LiteLLMProvider, args: StreamArgs,
                     host: ModelHost) -> bool:
    """Run one request on the model loop, sending each event as it arrives, while watching
    for the client to leave (then the request is cancelled and False returned)."""
    loop = asyncio.get_running_loop()

    async def send(response: RpcResponse) -> None:
        try:
            await loop.sock_sendall(sock, encode_frame(response))
        except OSError:
            raise _ClientGone from None

    # Events wait in `outbox` only while a frame is being written; whatever piled up meanwhile
    # goes in the next frame (a burst of chunks costs one frame, a slow stream one per event).
    outbox: list[Any] = []
    sender: asyncio.Future[None] | None = None

    async def drain() -> None:
        while outbox:
            items = outbox[:]
            outbox.clear()
            await send(RpcResponse(id=req_id, ok=True, more=True, result=items))

    async def flush() -> None:
        if sender is not None:
            await sender
        await drain()

    async def produce() -> bool:
        nonlocal sender
        _REQUEST_KEY.set(args.key)  # this task's context only
        try:
            async for event in host.events(leaf, args):
                outbox.append(event.model_dump(mode="json"))
                if sender is None or sender.done():
                    if sender is not None:
                        sender.result()  # the client may have gone
                    sender = asyncio.ensure_future(drain())
            await flush()
            await send(RpcResponse(id=req_id, ok=True))
        except _ClientGone:
            return False
        except Exception as exc:
            type_name, message, detail = error_to_wire(exc)
            try:
                await flush()  # what streamed before the failure arrives first
                await send(RpcResponse(id=req_id, ok=False, error_type=type_name,
                                       error=message, detail=detail))
            except _ClientGone:
                return False
        finally:
            if sender is not None and not sender.done():
                sender.cancel()
        return True

    # Anything readable mid-stream — end of file or stray bytes — means the client is done
    # with this request. Watched without reading, so no byte of a later request is lost.
    gone: asyncio.Future[bool] = loop.create_future()

    def left() -> None:
        if not gone.done():
            gone.set_result(False)

    loop.add_reader(sock, left)
    producer = asyncio.ensure_future(produce())
    try:
        await asyncio.wait({producer, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        loop.remove_reader(sock)
        gone.cancel()
    if not producer.done():
        producer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await producer
        return False
    return producer.result()


def _send(sock: socket.socket, response: BaseModel) -> bool:
    try:
        sock.sendall(encode_frame(response))
    except OSError:
        return False
    return True
