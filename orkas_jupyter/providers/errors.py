"""Provider-layer failures and `classify_provider_error`, which maps litellm's exceptions onto
the engine's `ProviderError` classes (E10) and marks the account-level ones rotation acts on
(P3).

Observed mapping against the fake server (litellm 1.110): 429 → `RateLimitError` (Retry-After
on `e.response.headers`); 401 → `AuthenticationError`; 402 and 403 → `APIError` with that
`status_code`; 500 → `InternalServerError`; 503 → `ServiceUnavailableError`; 400 "maximum
context length" → `ContextWindowExceededError`; a connection dropped mid-stream →
`MidStreamFallbackError` (status 500); a hang-up before any response and a refused connection
→ `InternalServerError` "Connection error." (status 500, nothing was answered: the
`ConnectionRefusedError` is at the end of the cause chain); a silent server → `Timeout`
(status 408). Messages name the model, the URL tried and the real cause.
"""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator

from ..engine.errors import (
    ContextOverflowError,
    NonRetryableProviderError,
    OrkasError,
    ProviderError,
    ProviderSetupError,
    RetryableProviderError,
)

# A refused connection is retried once, soon: the server is either up again at once or not
# running at all, and minutes of backoff against a closed port help nobody.
REFUSED_RETRY_AFTER = 0.5
REFUSED_MAX_RETRIES = 1


class ProviderConfigError(OrkasError):
    """The provider cannot be built from the settings (no model, bad candidate list)."""


class AccountError(NonRetryableProviderError):
    """The account behind a candidate cannot serve: bad or expired key, no credit, no access.
    Rotation cools the candidate down and tries the next one (P3)."""


class RateLimitedError(RetryableProviderError):
    """Rate limit (account-level, P3): rotation tries another candidate; with none left the
    engine waits (`retry_after`) and sends again (E10)."""


class ProviderConnectionError(RetryableProviderError):
    """Timeout, refused or dropped connection: the same candidate is tried again."""


class ProviderServerError(RetryableProviderError):
    """The provider failed with a 5xx: propagates to the engine's backoff."""


class ProviderUnreachableError(ProviderConnectionError):
    """Nothing listens at the URL (connection refused) or its host has no address: retried
    once, briefly (`max_retries`)."""


class MissingKeyError(ProviderSetupError):
    """No API key for the model's provider: nothing was sent, no candidate cools down."""


class ContentPolicyError(NonRetryableProviderError):
    """The provider refused the content."""


class ReplayMissError(NonRetryableProviderError):
    """Replay mode and no recording matches the request."""


def is_account_level(exc: BaseException) -> bool:
    """True for failures that say "this key/account cannot serve now" (P3)."""
    return isinstance(exc, AccountError | RateLimitedError)


_PREFIX = re.compile(r"^(?:litellm\.\w+:\s*)+|^(?:\w+Error:\s*)+|^\w+Exception - ")
_CREDIT = re.compile(r"insufficient[_ ](?:quota|credit|funds|balance)|credit balance|billing|"
                     r"payment required|quota exceeded|exceeded your current quota|billing_error",
                     re.IGNORECASE)
_POLICY = re.compile(r"content[_ ]?(?:policy|filter|management)|safety system|flagged",
                     re.IGNORECASE)
_OVERFLOW = re.compile(r"context[_ ](?:length|window)|maximum context|too many tokens|"
                       r"prompt is too long|input is too long", re.IGNORECASE)


_JSON_BODY = re.compile(r"b?'?(\{.*\})'?", re.DOTALL)


def _body_message(text: str) -> str:
    """The `message` inside an error body quoted into the text (litellm's Anthropic errors)."""
    match = _JSON_BODY.search(text)
    if match is None:
        return text
    try:
        data = json.loads(match.group(1))
    except json.JSONDecodeError:
        return text
    error = data.get("error", data) if isinstance(data, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    if not isinstance(message, str) or not message:
        return text
    kind = error.get("type") if isinstance(error, dict) else None
    return f"{message} ({kind})" if isinstance(kind, str) and kind else message


def _clean(message: str, secrets: tuple[str, ...]) -> str:
    text = _body_message(message.strip())
    for _ in range(4):
        stripped = _PREFIX.sub("", text).strip()
        if stripped == text:
            break
        text = stripped
    for secret in secrets:
        if secret and len(secret) >= 6:
            text = text.replace(secret, "***")
    return text[:600]


_NO_KEY = re.compile(r"missing credentials|api_key client option must be set|"
                     r"no api key provided|api key (?:is )?(?:missing|not set)", re.IGNORECASE)
_CREDIT_CODES = {"insufficient_quota", "billing_error", "insufficient_credit", "billing_not_active"}


def _error_codes(exc: BaseException) -> set[str]:
    """`code` and `type` strings of the provider's error body, where litellm kept it."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        body = body["error"]
    if not isinstance(body, dict):
        return set()
    return {str(body[k]) for k in ("code", "type") if body.get(k)}


def retry_after_of(exc: BaseException) -> float | None:
    """Seconds the server asked us to wait (`retry-after-ms` / `retry-after` headers)."""
    # The openai path keeps headers on `response`; litellm's own handlers (Anthropic) keep an
    # empty response and put the real headers on `litellm_response_headers`.
    candidates = [getattr(exc, "litellm_response_headers", None),
                  getattr(getattr(exc, "response", None), "headers", None)]
    headers = next((h for h in candidates if h and ("retry-after" in h or "retry-after-ms" in h)),
                   None)
    if headers is None:
        return None
    try:
        if (ms := headers.get("retry-after-ms")) is not None:
            return float(ms) / 1000.0
        if (seconds := headers.get("retry-after")) is not None:
            return float(seconds)
    except (TypeError, ValueError):
        return None  # an HTTP date: the engine's own backoff applies
    return None


def causes(exc: BaseException) -> Iterator[BaseException]:
    """`exc` and what it wraps: litellm's `original_exception`, `__cause__`, `__context__`."""
    seen: set[int] = set()
    queue: list[BaseException] = [exc]
    while queue and len(seen) < 16:
        current = queue.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        for attr in ("original_exception", "__cause__", "__context__"):
            inner = getattr(current, attr, None)
            if isinstance(inner, BaseException):
                queue.append(inner)


_REFUSED = re.compile(r"connection refused|connect call failed|errno 111|actively refused",
                      re.IGNORECASE)
_NO_HOST = re.compile(r"name or service not known|nodename nor servname|temporary failure in "
                      r"name resolution|getaddrinfo failed|no address associated", re.IGNORECASE)


def _unreachable(exc: BaseException, where: str) -> ProviderError | None:
    """A refused connection or an unknown host anywhere in the cause chain."""
    for cause in causes(exc):
        # Only connection-level exceptions count: an HTTP answer saying "connection refused"
        # (a proxy's upstream) came from a server that is listening.
        connecting = isinstance(cause, OSError) or "Connect" in type(cause).__name__
        text = str(cause) if connecting else ""
        if isinstance(cause, ConnectionRefusedError) or _REFUSED.search(text):
            return ProviderUnreachableError(
                f"{where}: connection refused — nothing is listening there. Check that the "
                "server is running and that the base URL (ORKAS_API_BASE) is right.",
                retry_after=REFUSED_RETRY_AFTER, max_retries=REFUSED_MAX_RETRIES)
        if isinstance(cause, socket.gaierror) or _NO_HOST.search(text):
            return ProviderUnreachableError(
                f"{where}: the host name could not be resolved. Check the base URL "
                "(ORKAS_API_BASE) and the network.",
                retry_after=REFUSED_RETRY_AFTER, max_retries=REFUSED_MAX_RETRIES)
    return None


def classify_provider_error(exc: BaseException, *, model: str, endpoint: str | None = None,
                            secrets: tuple[str, ...] = (),
                            timeout: float | None = None) -> ProviderError:
    """The engine-level error for a litellm/openai/httpx exception raised while calling `model`
    at `endpoint` (the URL tried, named in the message)."""
    if isinstance(exc, ProviderError):
        return exc
    name = type(exc).__name__
    names = {cls.__name__ for cls in type(exc).__mro__}
    status = getattr(exc, "status_code", None)
    status = status if isinstance(status, int) else None
    original = getattr(exc, "original_exception", None)
    text = _clean(str(getattr(exc, "message", None) or exc), secrets)
    at = f"{model} at {endpoint}" if endpoint else model
    codes = _error_codes(exc)
    http = f"HTTP {status}: " if status is not None else ""

    if _NO_KEY.search(text):
        # The SDK refuses before sending anything (litellm reports it as a 500): no retry
        # can help, no account is to blame, and the user needs to know what to set.
        return MissingKeyError(f"{model}: no API key is set for this provider, so nothing was "
                               "sent. Set the provider's variable (e.g. OPENAI_API_KEY) or "
                               "ORKAS_API_KEY.")
    if (unreachable := _unreachable(exc, at)) is not None:
        return unreachable
    if "MidStreamFallbackError" in names:
        cause = f" ({_clean(str(original), secrets)})" if original is not None else ""
        return ProviderConnectionError(f"{at}: the response stream broke off{cause}")
    if "ContextWindowExceededError" in names or (status in (400, 413) and _OVERFLOW.search(text)):
        return ContextOverflowError(f"{at}: the request does not fit the context window "
                                    f"({http}{text})", status=status)
    if status == 402 or _CREDIT.search(text) or codes & _CREDIT_CODES:
        return AccountError(f"{at}: insufficient credit or quota ({http}{text})", status=status)
    if "AuthenticationError" in names or "PermissionDeniedError" in names or status in (401, 403):
        return AccountError(f"{at}: the API key was refused ({http}{text})", status=status)
    if "RateLimitError" in names or status == 429:
        return RateLimitedError(f"{at}: rate limited (HTTP 429: {text})", status=429,
                                retry_after=retry_after_of(exc))
    if "ContentPolicyViolationError" in names or _POLICY.search(text):
        return ContentPolicyError(f"{at}: refused by the provider's content policy ({http}"
                                  f"{text})", status=status)
    if "Timeout" in names or "TimeoutException" in names or name.endswith("TimeoutError"):
        limit = f"{timeout:g} s, " if timeout is not None else ""
        return ProviderConnectionError(f"{at}: no answer within the request timeout ({limit}"
                                       f"ORKAS_REQUEST_TIMEOUT): {text}")
    if ("APIConnectionError" in names or "ConnectError" in names or "RemoteProtocolError" in names
            or "connection error" in text.lower() or "server disconnected" in text.lower()):
        # litellm reports these as HTTP 500, but no HTTP answer came: no status.
        return ProviderConnectionError(f"{at}: the connection failed before an answer: {text}")
    if status is not None and status >= 500:
        return ProviderServerError(f"{at}: the server failed ({http}{text})", status=status)
    if status is not None and status >= 400:
        return NonRetryableProviderError(f"{at}: request rejected ({http}{text})",
                                         status=status)
    if isinstance(exc, OSError | ConnectionError):
        return ProviderConnectionError(f"{at}: connection failed: {text}")
    return NonRetryableProviderError(f"{at}: unexpected provider failure ({name}): {text}",
                                     status=status)
