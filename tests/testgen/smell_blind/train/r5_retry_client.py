"""HTTP JSON client that retries transient failures with exponential backoff."""
import logging
import time

log = logging.getLogger(__name__)

RETRYABLE_STATUS = frozenset({429, 500, 502, 503, 504})


class TransientError(Exception):
    pass


class RetryExhausted(Exception):
    def __init__(self, url, attempts, last_error):
        super().__init__(f"gave up on {url} after {attempts} attempts: {last_error}")
        self.url = url
        self.attempts = attempts
        self.last_error = last_error


class HTTPStatusError(Exception):
    def __init__(self, status):
        super().__init__(f"HTTP {status}")
        self.status = status


class RetryClient:
    def __init__(self, session, max_attempts=3, backoff=0.5, sleep=time.sleep):
        if max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        self.session = session
        self.max_attempts = max_attempts
        self.backoff = backoff
        self._sleep = sleep

    def _delay_for(self, attempt):
        return self.backoff * (2 ** (attempt - 1))

    def _is_retryable(self, status):
        return status in RETRYABLE_STATUS

    def get_json(self, url):
        last_error = None
        for attempt in range(1, self.max_attempts + 1):
            try:
                response = self.session.get(url)
            except (TransientError, ConnectionError) as exc:
                last_error = exc
            else:
                if response.status_code < 400:
                    return response.json()
                if not self._is_retryable(response.status_code):
                    raise HTTPStatusError(response.status_code)
                last_error = HTTPStatusError(response.status_code)
            if attempt < self.max_attempts:
                delay = self._delay_for(attempt)
                log.warning("retrying %s in %.2fs (attempt %d)", url, delay, attempt)
                self._sleep(delay)
        raise RetryExhausted(url, self.max_attempts, last_error)
