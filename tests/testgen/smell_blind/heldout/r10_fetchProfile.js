'use strict';

class TimeoutError extends Error {
  constructor(ms) {
    super(`request timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function createProfileClient(http, { timeoutMs = 1000, ttlMs = 60000, now = Date.now } = {}) {
  const cache = new Map();

  async function fetchProfile(userId) {
    const hit = cache.get(userId);
    if (hit && now() - hit.at < ttlMs) {
      return hit.profile;
    }
    const response = await withTimeout(http.get(`/users/${encodeURIComponent(userId)}`), timeoutMs);
    if (response.status === 404) {
      return null;
    }
    const profile = {
      id: response.body.id,
      name: `${response.body.first_name} ${response.body.last_name}`.trim(),
    };
    cache.set(userId, { profile, at: now() });
    return profile;
  }

  return { fetchProfile };
}

module.exports = { createProfileClient, TimeoutError };
