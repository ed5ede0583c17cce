import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from './r6_apiClient';

const tokens = { getToken: async () => 'tok-123' };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('ApiClient.get', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and returns the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { id: 1, name: 'widget' }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new ApiClient({ baseUrl: 'https://api.test', tokens });

    await expect(client.get('/items/1')).resolves.toEqual({ id: 1, name: 'widget' });

    expect(fetchMock).toHaveBeenCalledWith('https://api.test/items/1', {
      headers: { Authorization: 'Bearer tok-123', Accept: 'application/json' },
    });
  });

  it('raises ApiError carrying status and server message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('no such item', { status: 404 })));
    const client = new ApiClient({ baseUrl: 'https://api.test', tokens });

    const error = await client.get('/items/9').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, path: '/items/9', message: 'GET /items/9 failed with 404: no such item' });
  });

  it('serves repeated reads from the cache without a second request', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => jsonResponse(200, { id: 2 }));
    const store = new Map<string, unknown>();
    const client = new ApiClient({
      baseUrl: 'https://api.test',
      tokens,
      fetchImpl: fetchMock,
      cache: { get: (k) => store.get(k), set: (k, v) => store.set(k, v) },
    });

    await client.get('/items/2');
    await expect(client.get('/items/2')).resolves.toEqual({ id: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
