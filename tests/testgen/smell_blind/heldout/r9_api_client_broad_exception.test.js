import { describe, it, expect, vi } from 'vitest';
import { ApiClient } from './r9_api_client';

function jsonResponse(status, body) {
  return { status, text: async () => (body === undefined ? '' : JSON.stringify(body)) };
}

function makeClient(fetchImpl) {
  return new ApiClient({ baseUrl: 'https://api.example.com', fetchImpl, apiKey: 'k_test' });
}

describe('ApiClient', () => {
  it('returns the normalised user', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(jsonResponse(200, { id: 'u1', name: 'Ada', email: 'ADA@Example.com' }));
    await expect(makeClient(fetchImpl).getUser('u1')).resolves.toEqual({ id: 'u1', name: 'Ada', email: 'ada@example.com' });
  });

  it('fails for a missing user', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(jsonResponse(404, { error: 'not found' }));
    await expect(makeClient(fetchImpl).getUser('u404')).rejects.toThrow();
  });

  it('requires a base url', () => {
    expect(() => new ApiClient({ fetchImpl: vi.fn() })).toThrow();
  });

  it('refuses to create an empty order', async () => {
    await expect(makeClient(vi.fn()).createOrder('u1', [])).rejects.toThrow();
  });
});
