import { ApiError, createApiClient } from './apiClient.js';

function jsonResponse(status, body) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

describe('createApiClient().getUser', () => {
  it('requests the user and normalises the payload', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(
      jsonResponse(200, { id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ADA@Example.COM' }),
    );
    const client = createApiClient({ baseUrl: 'https://api.test', fetchImpl });

    const user = await client.getUser('7');

    expect(user).toEqual({ id: 7, name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(fetchImpl).toHaveBeenCalledWith('https://api.test/users/7', {
      headers: { Accept: 'application/json' },
    });
  });

  it('wraps HTTP failures in ApiError with the status code', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(jsonResponse(404, {}));
    const client = createApiClient({ baseUrl: 'https://api.test', fetchImpl });

    await expect(client.getUser('missing')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'GET /users/missing failed with 404',
    });
    await expect(client.getUser('missing')).rejects.toBeInstanceOf(ApiError);
  });
});
