'use strict';

class RetryError extends Error {
  constructor(attempts, cause) {
    super(`gave up after ${attempts} attempts: ${cause.message}`);
    this.name = 'RetryError';
    this.attempts = attempts;
    this.cause = cause;
  }
}

function backoffDelay(attempt, baseMs = 100, maxMs = 2000) {
  return Math.min(maxMs, baseMs * 2 ** (attempt - 1));
}

async function retry(fn, { attempts = 3, baseMs = 100, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) } = {}) {
  let lastError;
  for (let i = 1; i <= attempts; i++) {
    try {
      return await fn(i);
    } catch (err) {
      lastError = err;
      if (i < attempts) await sleep(backoffDelay(i, baseMs));
    }
  }
  throw new RetryError(attempts, lastError);
}

module.exports = { retry, backoffDelay, RetryError };
