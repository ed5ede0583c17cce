'use strict';

class HttpError extends Error {
  constructor(status, url) {
    super(`request to ${url} failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
  }
}

class RetriesExhaustedError extends Error {
  constructor(url, attempts, cause) {
    super(`giving up on ${url} after ${attempts} attempts`);
    this.name = 'RetriesExhaustedError';
    this.attempts = attempts;
    this.cause = cause;
  }
}

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryable(status) {
  return status === 429 || status >= 500;
}

async function fetchWithRetry(url, { fetch, retries = 2, baseDelayMs = 200, sleep = defaultSleep, logger = console } = {}) {
  if (typeof fetch !== 'function') throw new TypeError('a fetch implementation is required');
  let lastError;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      const res = await fetch(url);
      if (res.ok) return res.json();
      const err = new HttpError(res.status, url);
      if (!isRetryable(res.status)) throw err;
      lastError = err;
    } catch (err) {
      if (err instanceof HttpError && !isRetryable(err.status)) throw err;
      lastError = err;
    }
    if (attempt < retries) {
      const delay = baseDelayMs * 2 ** attempt;
      logger.warn(`retrying ${url} in ${delay}ms`);
      await sleep(delay);
    }
  }
  throw new RetriesExhaustedError(url, retries + 1, lastError);
}

module.exports = { fetchWithRetry, HttpError, RetriesExhaustedError, isRetryable };
