"""web_fetch against a real HTTP server on 127.0.0.1: HTML → text, JSON, PDF, redirects
(bounded and re-checked), size and time limits, HTTP errors, refused schemes and types."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from orkas_jupyter.engine.tools import ToolContext
from orkas_jupyter.tools.web import WebFetcher, html_to_text
from orkas_jupyter.tools.workspace import WorkspaceTools

from .conftest import ToolCaller
from .test_tools_files import make_pdf

PAGE = """<!doctype html><html><head><title>Quarterly report</title>
<style>body { color: red }</style><script>var tracking = "SCRIPT_TEXT";</script></head>
<body><nav>NAV_MENU Home | About</nav>
<main><h1>Results</h1><p>Revenue grew <b>12%</b> in Q3.</p>
<ul><li>North: up</li><li>South: flat</li></ul>
<p>See <a href="/details.html">the details</a>.</p></main>
<footer>FOOTER_TEXT</footer></body></html>"""


class Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:  # quiet test output
        pass

    def _send(self, status: int, ctype: str, body: bytes,
              headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        path = self.path
        if path == "/page.html":
            self._send(200, "text/html; charset=utf-8", PAGE.encode())
        elif path == "/data.json":
            self._send(200, "application/json", b'{"rows": [1, 2, 3]}')
        elif path == "/latin1.txt":
            self._send(200, "text/plain; charset=iso-8859-1", "café".encode("latin-1"))
        elif path == "/doc.pdf":
            self._send(200, "application/pdf", make_pdf(["Fetched PDF text"]))
        elif path == "/image.png":
            self._send(200, "image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 100)
        elif path == "/redirect":
            self._send(302, "", b"", {"Location": "/page.html"})
        elif path.startswith("/chain/"):
            n = int(path.rsplit("/", 1)[1])
            target = "/page.html" if n == 0 else f"/chain/{n - 1}"
            self._send(301, "", b"", {"Location": target})
        elif path == "/loop":
            self._send(302, "", b"", {"Location": "/loop"})
        elif path == "/to-file":
            self._send(302, "", b"", {"Location": "file:///etc/passwd"})
        elif path == "/big.txt":
            self._send(200, "text/plain", b"A" * 2_000_000)
        elif path == "/slow":
            time.sleep(3)
            self._send(200, "text/plain", b"late")
        elif path == "/missing":
            self._send(404, "text/html", b"<html><body><p>No such page here</p></body></html>")
        elif path == "/untyped":
            self._send(200, "", b"plain words without a type")
        else:
            self._send(500, "text/plain", b"unexpected")


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # The client gives up on /slow on purpose; its broken pipe is expected.
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = QuietServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def web_ctx(ws: WorkspaceTools) -> ToolContext:
    services = dict(ws.services)
    services["web"] = WebFetcher(max_bytes=100_000, timeout_s=1.0, max_redirects=5)
    return ToolContext(session_id="web", services=services)


async def test_html_becomes_readable_text(call: ToolCaller, web_ctx: ToolContext,
                                          server: str) -> None:
    result = await call(web_ctx, "web_fetch", url=f"{server}/page.html")
    assert not result.is_error, result.text
    assert "Quarterly report" in result.text.splitlines()[0]
    assert "# Results" in result.text and "Revenue grew **12%** in Q3." in result.text
    assert "North: up" in result.text
    assert f"[the details]({server}/details.html)" in result.text
    for noise in ("SCRIPT_TEXT", "color: red", "NAV_MENU", "FOOTER_TEXT", "<p>"):
        assert noise not in result.text


async def test_json_text_and_charset(call: ToolCaller, web_ctx: ToolContext,
                                     server: str) -> None:
    data = await call(web_ctx, "web_fetch", url=f"{server}/data.json")
    assert '{"rows": [1, 2, 3]}' in data.text and "application/json" in data.text
    latin = await call(web_ctx, "web_fetch", url=f"{server}/latin1.txt")
    assert "café" in latin.text
    untyped = await call(web_ctx, "web_fetch", url=f"{server}/untyped")
    assert "plain words" in untyped.text


async def test_pdf_text_is_extracted(call: ToolCaller, web_ctx: ToolContext,
                                     server: str) -> None:
    result = await call(web_ctx, "web_fetch", url=f"{server}/doc.pdf")
    assert not result.is_error and "Fetched PDF text" in result.text


async def test_binary_content_is_refused(call: ToolCaller, web_ctx: ToolContext,
                                         server: str) -> None:
    result = await call(web_ctx, "web_fetch", url=f"{server}/image.png")
    assert result.is_error and "image/png" in result.text and "not text" in result.text


async def test_redirects_are_followed_within_the_bound(call: ToolCaller, web_ctx: ToolContext,
                                                       server: str) -> None:
    one = await call(web_ctx, "web_fetch", url=f"{server}/redirect")
    assert not one.is_error and "Revenue grew" in one.text
    assert one.text.startswith(f"{server}/page.html")
    five = await call(web_ctx, "web_fetch", url=f"{server}/chain/4")
    assert not five.is_error
    six = await call(web_ctx, "web_fetch", url=f"{server}/chain/5")
    assert six.is_error and "redirected more than 5 times" in six.text
    loop = await call(web_ctx, "web_fetch", url=f"{server}/loop")
    assert loop.is_error and "redirected" in loop.text


async def test_redirect_to_another_scheme_is_refused(call: ToolCaller, web_ctx: ToolContext,
                                                     server: str) -> None:
    result = await call(web_ctx, "web_fetch", url=f"{server}/to-file")
    assert result.is_error and "only http:// and https://" in result.text
    assert "root:" not in result.text


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/x", "gopher://x",
                                 "javascript:alert(1)", "data:text/plain,hi", "http://",
                                 "example.com/page"])
async def test_non_http_urls_are_refused(call: ToolCaller, web_ctx: ToolContext,
                                         url: str) -> None:
    result = await call(web_ctx, "web_fetch", url=url)
    assert result.is_error and "Refused" in result.text


async def test_size_limit_truncates_with_a_note(call: ToolCaller, web_ctx: ToolContext,
                                                server: str) -> None:
    result = await call(web_ctx, "web_fetch", url=f"{server}/big.txt", max_chars=90_000)
    assert not result.is_error
    assert "larger than 100,000 bytes" in result.text
    assert result.text.count("A") <= 100_000


async def test_long_text_pages_with_offset(call: ToolCaller, web_ctx: ToolContext,
                                           server: str) -> None:
    first = await call(web_ctx, "web_fetch", url=f"{server}/big.txt", max_chars=1000)
    assert "offset=1000" in first.text
    second = await call(web_ctx, "web_fetch", url=f"{server}/big.txt", offset=1000,
                        max_chars=1000)
    assert "characters 1,000–2,000" in second.text


async def test_time_limit(call: ToolCaller, web_ctx: ToolContext, server: str) -> None:
    started = time.monotonic()
    result = await call(web_ctx, "web_fetch", url=f"{server}/slow")
    assert time.monotonic() - started < 2.5
    assert result.is_error and ("longer than 1 s" in result.text or "Timeout" in result.text)


async def test_http_error_is_reported(call: ToolCaller, web_ctx: ToolContext,
                                      server: str) -> None:
    result = await call(web_ctx, "web_fetch", url=f"{server}/missing")
    assert result.is_error and "HTTP 404" in result.text and "No such page" in result.text


async def test_connection_refused_is_a_clear_error(call: ToolCaller,
                                                   web_ctx: ToolContext) -> None:
    result = await call(web_ctx, "web_fetch", url="http://127.0.0.1:9/")
    assert result.is_error and "Could not fetch" in result.text


def test_html_to_text_without_main_uses_body() -> None:
    text, title = html_to_text("<html><body><p>Just a body</p><script>x()</script></body>"
                               "</html>", "http://h/")
    assert text == "Just a body" and title is None


@pytest.mark.parametrize("url", ["http://169.254.169.254/latest/meta-data/",
                                 "http://metadata.google.internal/computeMetadata/v1/",
                                 "http://[fe80::1]/", "http://[fd00:ec2::254]/"])
async def test_cloud_metadata_endpoints_are_refused(call: ToolCaller, web_ctx: ToolContext,
                                                    url: str) -> None:
    result = await call(web_ctx, "web_fetch", url=url)
    assert result.is_error and "Refused" in result.text and "metadata" in result.text
