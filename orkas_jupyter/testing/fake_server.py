"""A real HTTP fake of a model API on 127.0.0.1 (P8), for this package's tests and users' own.

Speaks OpenAI-compatible `POST /v1/chat/completions` (JSON and chunked SSE), `POST
/v1/embeddings`, and Anthropic-style `POST /v1/messages`. Each chat request takes the next
scripted step (or asks a callable); every request is recorded for assertions.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

from . import wire
from .script import Fault, Hangup, Raw, Reply, Step


@dataclass(frozen=True)
class RecordedRequest:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] = field(default_factory=dict)

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", []))

    @property
    def api_key(self) -> str | None:
        """The key the client sent (`Authorization: Bearer …` or `x-api-key`)."""
        auth = self.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return auth[7:]
        return self.headers.get("x-api-key")

    @property
    def is_chat(self) -> bool:
        return self.path.endswith(("/chat/completions", "/messages"))


ScriptSource = Iterable[Step] | Callable[[RecordedRequest], Step]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    fake: FakeModelServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Clients resetting idle keep-alive connections is normal; report anything else."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Without TCP_NODELAY each streamed request stalls ~40 ms on delayed ACKs (FACTS.md).
    disable_nagle_algorithm = True
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        """Silent: test output stays readable."""

    def do_GET(self) -> None:
        if self.path.rstrip("/").endswith("/models"):
            self._json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
        else:
            self._json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError as exc:
            self._json(400, {"error": {"message": f"request body is not JSON: {exc}"}})
            return
        headers = {k.lower(): v for k, v in self.headers.items()}
        request = RecordedRequest("POST", self.path, headers, body if isinstance(body, dict)
                                  else {"input": body})
        fake = self.server.fake
        fake._record(request)
        try:
            if self.path.endswith("/embeddings"):
                self._json(200, wire.embeddings(request.body, fake.embedding_dims))
            elif self.path.endswith("/chat/completions"):
                self._answer(request, fake._next_step(request), anthropic=False)
            elif self.path.endswith("/messages"):
                self._answer(request, fake._next_step(request), anthropic=True)
            else:
                self._json(404, {"error": {"message": f"no route {self.path}"}})
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (its timeout fired during a stall): nothing left to send.
            self.close_connection = True

    # -- responses ---------------------------------------------------------------------------
    def _json(self, status: int, payload: dict[str, Any],
              extra: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def _hang_up(self) -> None:
        self.wfile.flush()
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)
        self.close_connection = True

    def _answer(self, request: RecordedRequest, step: Step, *, anthropic: bool) -> None:
        fake = self.server.fake
        if isinstance(step, Hangup):
            fake._wait(step.delay)
            self._hang_up()
            return
        if isinstance(step, Fault):
            fake._wait(step.delay)
            extra = {"retry-after": f"{step.retry_after:g}"} if step.retry_after is not None else {}
            body = wire.anthropic_error(step) if anthropic else wire.openai_error(step)
            self._json(step.status, body, extra)
            return
        if isinstance(step, Raw):
            if request.stream:
                self._stream(Reply(), wire.raw_stream(step))
            elif step.body is not None:
                self._json(200, step.body)
            else:
                self._json(400, {"error": {"message": "fake model server: this scripted step "
                                           "only answers streamed requests"}})
            return
        fake._wait(step.first_byte_delay)
        if not request.stream:
            if step.drop_after is not None:
                self._hang_up()
                return
            payload = (wire.anthropic_json(step, request.body) if anthropic
                       else wire.openai_json(step, request.body))
            self._json(200, payload)
            return
        frames = (wire.anthropic_stream(step, request.body) if anthropic
                  else wire.openai_stream(step, request.body))
        self._stream(step, frames)

    def _stream(self, step: Reply, frames: list[wire.Frame]) -> None:
        fake = self.server.fake
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        # Chunked, so a connection closed early is a detectable protocol error for the client.
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        sent = 0
        for data, is_content in frames:
            if is_content:
                if step.drop_after is not None and sent >= step.drop_after:
                    self._hang_up()
                    return
                if step.stall_after is not None and sent == step.stall_after:
                    fake._wait(step.stall_seconds)
                if step.chunk_delay:
                    fake._wait(step.chunk_delay)
                sent += 1
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        if step.drop_after is not None:
            self._hang_up()
            return
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class FakeModelServer:
    """A scripted model API on 127.0.0.1 (random port); use as a context manager.

    `script([...])` replaces the queue of steps, `add(...)` extends it, `script(fn)` answers
    each chat request with `fn(recorded_request)`. When the queue is empty, `default` answers
    (or a 500 whose message says the script ran out).
    """

    def __init__(self, script: ScriptSource = (), *, default: Step | None = None,
                 embedding_dims: int = 8) -> None:
        self.embedding_dims = embedding_dims
        self.default = default
        self._lock = threading.Lock()
        self._steps: list[Step] = []
        self._function: Callable[[RecordedRequest], Step] | None = None
        self._requests: list[RecordedRequest] = []
        self._stopping = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.script(script)

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> FakeModelServer:
        """Bind a free port and serve on a background thread."""
        if self._server is not None:
            return self
        self._stopping.clear()
        server = _Server(("127.0.0.1", 0), _Handler)
        server.fake = self
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, name="fake-model-server",
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; stalled responses are released at once."""
        server, self._server = self._server, None
        if server is None:
            return
        self._stopping.set()
        server.shutdown()
        server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeModelServer:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    async def __aenter__(self) -> FakeModelServer:
        return self.start()

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the fake server is not running; call start() first")
        return int(self._server.server_address[1])

    @property
    def root_url(self) -> str:
        """`http://127.0.0.1:PORT` (the `api_base` for litellm's `anthropic/…` models)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:PORT/v1` (the `api_base` for OpenAI-compatible clients)."""
        return f"{self.root_url}/v1"

    # -- scripting ---------------------------------------------------------------------------
    def script(self, steps: ScriptSource) -> None:
        """Replace the script: a sequence of steps, or a callable that sees each request."""
        with self._lock:
            if callable(steps):
                self._function, self._steps = steps, []
            else:
                self._function, self._steps = None, list(steps)

    def add(self, *steps: Step) -> None:
        """Append steps to the queue."""
        with self._lock:
            if self._function is not None:
                raise TypeError("this server is driven by a callable; use script([...]) first")
            self._steps.extend(steps)

    @property
    def remaining(self) -> int:
        """Scripted steps not yet served."""
        with self._lock:
            return len(self._steps)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        """Chat requests only (`/chat/completions` and `/messages`)."""
        return [r for r in self.requests if r.is_chat]

    def clear_requests(self) -> None:
        with self._lock:
            self._requests.clear()

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _next_step(self, request: RecordedRequest) -> Step:
        with self._lock:
            function = self._function
            if function is None:
                if self._steps:
                    return self._steps.pop(0)
                if self.default is not None:
                    return self.default
                count = sum(r.is_chat for r in self._requests)
                return Fault(500, f"fake model server: script exhausted at chat request "
                                  f"{count}; add more steps", code="script_exhausted")
        return function(request)

    def _wait(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)
