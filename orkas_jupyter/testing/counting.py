"""`CountingServer`: a web server on 127.0.0.1 that records the path of every GET it gets and
answers with a page you set, for tests that check what an agent sent where (a collector that
must receive nothing until the user names it). Standard library only."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType


class CountingServer(ThreadingHTTPServer):
    """Serves `page` (HTML) to every GET and keeps each request's path in `paths`. Use as a
    context manager, or call `start()` and `close()`."""

    def __init__(self, page: str = "<p>ok</p>") -> None:
        self.paths: list[str] = []
        self.page = page
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                server.paths.append(self.path)
                body = server.page.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        super().__init__(("127.0.0.1", 0), Handler)
        self.daemon_threads = True

    @property
    def url(self) -> str:
        """The server's base address, `http://127.0.0.1:<port>`."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> CountingServer:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def close(self) -> None:
        self.shutdown()
        self.server_close()

    def __enter__(self) -> CountingServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
