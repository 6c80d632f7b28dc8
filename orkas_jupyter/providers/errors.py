"""Provider-layer failures and `classify_provider_error`, which maps litellm's exceptions onto
the engine's `ProviderError` classes (E10) and marks the account-level ones rotation acts on
(P3).

Observed mapping against the fake server (litellm 1.110): 429 → `RateLimitError` (Retry-After
on `e.response.headers`); 401 → `AuthenticationError`; 402 and 403 → `APIError` with that
`status_code`; 500 → `InternalServerError`; 503 → `ServiceUnavailableError`; 400 "maximum
context length" → `ContextWindowExceededError`; a connection dropped mid-stream →
`MidStreamFallbackError` (status 500); a hang-up before any response → `InternalServerError`
"Connection error."; a silent server → `Timeout` (status 408).
"""

from __future__ import annotations

import json
import re

from ..engine.errors import (
    ContextOverflowError,
    NonRetryableProviderError,
    OrkasError,
    ProviderError,
    RetryableProviderError,
)


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


def classify_provider_error(exc: BaseException, *, model: str,
                            secrets: tuple[str, ...] = ()) -> ProviderError:
    """The engine-level error for a litellm/openai/httpx exception raised while calling `model`."""
    if isinstance(exc, ProviderError):
        return exc
    name = type(exc).__name__
    names = {cls.__name__ for cls in type(exc).__mro__}
    status = getattr(exc, "status_code", None)
    status = status if isinstance(status, int) else None
    original = getattr(exc, "original_exception", None)
    text = _clean(str(getattr(exc, "message", None) or exc), secrets)
    where = f"{model}: {text}"
    codes = _error_codes(exc)

    if "MidStreamFallbackError" in names:
        cause = f" ({_clean(str(original), secrets)})" if original is not None else ""
        return ProviderConnectionError(f"{model}: the response stream broke off{cause}",
                                       status=status)
    if "ContextWindowExceededError" in names or (status in (400, 413) and _OVERFLOW.search(text)):
        return ContextOverflowError(where, status=status)
    if status == 402 or _CREDIT.search(text) or codes & _CREDIT_CODES:
        return AccountError(f"{model}: insufficient credit or quota: {text}", status=status)
    if _NO_KEY.search(text):
        # The SDK refuses before sending anything (litellm reports it as a 500): no retry
        # can help, and the user needs to know which variable to set.
        return AccountError(f"{model}: no API key is set for this provider ({text}). Set the "
                            "provider's variable (e.g. OPENAI_API_KEY) or ORKAS_API_KEY.",
                            status=status)
    if "AuthenticationError" in names or "PermissionDeniedError" in names or status in (401, 403):
        return AccountError(f"{model}: the API key was refused: {text}", status=status)
    if "RateLimitError" in names or status == 429:
        return RateLimitedError(f"{model}: rate limited: {text}", status=429,
                                retry_after=retry_after_of(exc))
    if "ContentPolicyViolationError" in names or _POLICY.search(text):
        return ContentPolicyError(f"{model}: refused by the provider's content policy: {text}",
                                  status=status)
    if "Timeout" in names or "TimeoutException" in names or name.endswith("TimeoutError"):
        return ProviderConnectionError(f"{model}: the request timed out: {text}", status=status)
    if ("APIConnectionError" in names or "ConnectError" in names or "RemoteProtocolError" in names
            or "connection error" in text.lower() or "server disconnected" in text.lower()):
        return ProviderConnectionError(f"{model}: connection failed: {text}", status=status)
    if status is not None and status >= 500:
        return ProviderServerError(f"{model}: provider error: {text}", status=status)
    if status is not None and status >= 400:
        return NonRetryableProviderError(f"{model}: request rejected: {text}", status=status)
    if isinstance(exc, OSError | ConnectionError):
        return ProviderConnectionError(f"{model}: connection failed: {text}")
    return NonRetryableProviderError(f"{model}: unexpected provider failure ({name}): {text}",
                                     status=status)
