const { createProfileClient } = require('./r10_fetchProfile');

const ADA = { status: 200, body: { id: 'u1', first_name: 'Ada', last_name: 'Lovelace' } };

describe('profile cache', () => {
  test('second call within the ttl is served from cache', async () => {
    const http = { get: jest.fn().mockResolvedValue(ADA) };
    const client = createProfileClient(http, { ttlMs: 60000 });

    await client.fetchProfile('u1');
    const again = await client.fetchProfile('u1');

    expect(again).toEqual({ id: 'u1', name: 'Ada Lovelace' });
    expect(http.get).toHaveBeenCalledTimes(1);
  });

  test('entry is refetched once the ttl has passed', async () => {
    const http = { get: jest.fn().mockResolvedValue(ADA) };
    const client = createProfileClient(http, { ttlMs: 20 });

    await client.fetchProfile('u1');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await client.fetchProfile('u1');

    expect(http.get).toHaveBeenCalledTimes(2);
  });
});
