import { ApiClient } from './r6_apiClient';

const tokens = { getToken: jest.fn().mockResolvedValue('t') };

describe('ApiClient errors', () => {
  it('fails on a server error', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(new Response('oops', { status: 500 }));
    const client = new ApiClient({ baseUrl: 'https://api.test', tokens, fetchImpl });

    await expect(client.get('/broken')).rejects.toThrow();
  });

  it('fails when the token provider fails', async () => {
    const client = new ApiClient({
      baseUrl: 'https://api.test',
      tokens: { getToken: () => Promise.reject(new Error('expired')) },
      fetchImpl: jest.fn(),
    });

    await expect(client.get('/items')).rejects.toBeInstanceOf(Error);
  });

  it('fails when the body is not json', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(new Response('<html>', { status: 200 }));
    const client = new ApiClient({ baseUrl: 'https://api.test', tokens, fetchImpl });

    let thrown = false;
    try {
      await client.get('/page');
    } catch {
      thrown = true;
    }
    expect(thrown).toBe(true);
  });
});
