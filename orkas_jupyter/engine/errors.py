"""Engine exceptions. Providers translate their own failures into `ProviderError` subclasses,
so the loop's policy (E10) depends only on these classes."""

from __future__ import annotations


class OrkasError(Exception):
    """Base of every error this package raises on purpose."""


class ProviderError(OrkasError):
    """A model request failed."""

    retryable: bool = False

    def __init__(self, message: str, *, status: int | None = None,
                 retry_after: float | None = None, max_retries: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
        # Fewer retries than the backoff policy allows, for failures that are either over
        # at once or not soon (a refused connection); None: the policy decides.
        self.max_retries = max_retries


class RetryableProviderError(ProviderError):
    """Rate limit, timeout, dropped connection, 5xx: worth sending again after a pause."""

    retryable = True


class NonRetryableProviderError(ProviderError):
    """Authentication, bad request, content policy: sending again cannot help."""


class ProviderSetupError(NonRetryableProviderError):
    """The model is not set up to be called (no key, no model): found before anything was
    sent, so no request was made and no account is to blame."""


class BudgetExceededError(NonRetryableProviderError):
    """The call was not sent: it would pass a spend limit (the host's budgets). Its message
    says which budget and how to raise it; the turn ends with it as it is."""


class ContextOverflowError(NonRetryableProviderError):
    """The request did not fit the model's context window (E8 handles it by compacting)."""


class ToolInputError(OrkasError):
    """Arguments a tool cannot use; returned to the model as an error result."""


class ToolError(OrkasError):
    """A tool failed in a way the model should read; its message says what would work."""


class HistoryError(OrkasError):
    """A history breaks the pairing invariant and was not repaired."""
