import { describe, expect, it, vi } from 'vitest';
import { fetchJson } from './httpClient';

describe('fetchJson failures', () => {
  it('fails on a server error', async () => {
    const fetchFn = vi.fn().mockResolvedValue(new Response('oops', { status: 500 }));
    await expect(fetchJson('https://api.test/items', fetchFn)).rejects.toThrow();
  });

  it('fails on a missing resource', async () => {
    const fetchFn = vi.fn().mockResolvedValue(new Response('', { status: 404 }));
    await expect(fetchJson('https://api.test/items/9', fetchFn)).rejects.toThrowError();
  });
});
