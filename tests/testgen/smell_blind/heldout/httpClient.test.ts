import { describe, expect, it, vi } from 'vitest';
import { HttpError, fetchJson } from './httpClient';

const URL = 'https://api.test/items/1';

describe('fetchJson', () => {
  it('returns the parsed body and asks for JSON', async () => {
    const fetchFn = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ id: 1, name: 'widget' }), { status: 200 }),
    );

    await expect(fetchJson(URL, fetchFn)).resolves.toEqual({ id: 1, name: 'widget' });
    expect(fetchFn).toHaveBeenCalledWith(URL, { headers: { Accept: 'application/json' } });
  });

  it('throws HttpError carrying the status and URL', async () => {
    const fetchFn = vi.fn().mockResolvedValue(new Response('unavailable', { status: 503 }));

    const error = await fetchJson(URL, fetchFn).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 503,
      message: 'request to https://api.test/items/1 failed with status 503',
    });
  });
});
