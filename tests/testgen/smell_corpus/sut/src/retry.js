const sleep = require('./sleep');

function backoff(attempt, base = 100, cap = 10000) {
  return Math.min(cap, base * 2 ** attempt);
}

async function withRetry(fn, { attempts = 3, base = 100 } = {}) {
  let lastError;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      await sleep(backoff(attempt, base));
    }
  }
  throw lastError;
}

module.exports = { backoff, withRetry };
