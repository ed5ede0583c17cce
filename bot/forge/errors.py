"""One exception tree for both forges, so callers never see gidgethub or python-gitlab errors.

Adapters translate every library error into these with `raise ... from exc`. Messages carry the
forge's own explanation (a 422's "Validation Failed for 'title'", a 400's "title is missing") and
never a token: adapters scrub their secrets before building the message.
"""

from __future__ import annotations


class ForgeError(Exception):
    """Anything that went wrong while talking to a forge."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ForgeHTTPError(ForgeError):
    """The forge answered with an error status (or, for `ForgeUnavailable`, did not answer).

    `status` is None only when no HTTP answer arrived at all (dropped connection, timeout).
    """

    def __init__(self, status: int | None, message: str) -> None:
        self.status = status
        prefix = f"HTTP {status}" if status is not None else "no answer"
        super().__init__(f"{prefix}: {message}")
        self.message = message


class NotFound(ForgeHTTPError):
    """404/410: the repository, item or user does not exist, or we may not see it."""


class PermissionDenied(ForgeHTTPError):
    """401/403 that is not a rate limit: bad token or missing rights."""


class ValidationFailed(ForgeHTTPError):
    """GitHub 422 / GitLab 400 (and 409 conflicts): the forge refused what we sent."""


class RateLimited(ForgeHTTPError):
    """403/429 rate limit. `retry_after` is the wait the forge asked for, in seconds, if it said."""

    def __init__(self, status: int | None, message: str, retry_after: float | None) -> None:
        super().__init__(status, message)
        self.retry_after = retry_after


class ForgeUnavailable(ForgeHTTPError):
    """5xx, dropped connection or timeout: worth retrying, the request itself was fine."""


def error_for_status(status: int, message: str) -> ForgeHTTPError:
    """The exception class a plain HTTP error status maps to (rate limits are decided earlier)."""
    if status in (404, 410):
        return NotFound(status, message)
    if status in (401, 403):
        return PermissionDenied(status, message)
    if status in (400, 409, 422):
        return ValidationFailed(status, message)
    if status == 429:
        return RateLimited(status, message, retry_after=None)
    if status >= 500:
        return ForgeUnavailable(status, message)
    return ForgeHTTPError(status, message)


def scrub_exception(exc: BaseException, secrets: list[str]) -> None:
    """Scrub secrets from a library exception in place, before we chain it with `from`.

    The chained cause is printed in tracebacks; if a forge ever echoed a token in an error
    body, the library exception would carry it (and so would the exceptions it chains).
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        _scrub_one(current, secrets)
        current = current.__cause__ or current.__context__


def _scrub_one(exc: BaseException, secrets: list[str]) -> None:
    exc.args = tuple(scrub(a, secrets) if isinstance(a, str) else a for a in exc.args)
    for name, value in list(vars(exc).items()):
        if isinstance(value, str):
            setattr(exc, name, scrub(value, secrets))
        elif isinstance(value, bytes):
            text = value.decode("utf-8", errors="replace")
            if any(s and s in text for s in secrets):
                setattr(exc, name, scrub(text, secrets).encode())


def scrub(text: str, secrets: list[str]) -> str:
    """Replace every secret in `text` with `***` (a last line of defence for error messages)."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text
