'use strict';

class HttpError extends Error {
  constructor(status, body) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

class TimeoutError extends Error {
  constructor(url) {
    super(`Request to ${url} timed out`);
    this.name = 'TimeoutError';
  }
}

class ApiClient {
  constructor({ baseUrl, fetchImpl, apiKey, timeoutMs = 5000 }) {
    if (!baseUrl) throw new TypeError('baseUrl is required');
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.fetch = fetchImpl;
    this.apiKey = apiKey;
    this.timeoutMs = timeoutMs;
  }

  url(path, query = {}) {
    const qs = new URLSearchParams(query).toString();
    return `${this.baseUrl}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
  }

  async request(method, path, { query, body } = {}) {
    const url = this.url(path, query);
    const res = await this.fetch(url, {
      method,
      headers: { 'content-type': 'application/json', 'x-api-key': this.apiKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 408) throw new TimeoutError(url);
    const text = await res.text();
    if (res.status >= 400) throw new HttpError(res.status, text);
    return text ? JSON.parse(text) : null;
  }

  async getUser(id) {
    const user = await this.request('GET', `/users/${encodeURIComponent(id)}`);
    return { id: user.id, name: user.name, email: user.email.toLowerCase() };
  }

  async listOrders(userId, { page = 1, perPage = 20 } = {}) {
    const data = await this.request('GET', '/orders', { query: { user: userId, page, per_page: perPage } });
    return { orders: data.items, hasMore: page * perPage < data.total };
  }

  createOrder(userId, items) {
    if (!items.length) return Promise.reject(new RangeError('order needs at least one item'));
    return this.request('POST', '/orders', { body: { user: userId, items } });
  }
}

module.exports = { ApiClient, HttpError, TimeoutError };
