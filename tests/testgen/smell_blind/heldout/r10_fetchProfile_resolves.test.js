const { createProfileClient } = require('./r10_fetchProfile');

function httpReturning(response) {
  return { get: jest.fn().mockResolvedValue(response) };
}

describe('fetchProfile', () => {
  test('returns null for an unknown user', async () => {
    const client = createProfileClient(httpReturning({ status: 404 }));
    await expect(client.fetchProfile('ghost')).resolves.toBeNull();
  });

  test('joins first and last name', () => {
    const client = createProfileClient(
      httpReturning({ status: 200, body: { id: 'u1', first_name: 'Ada', last_name: 'Lovelace' } }),
    );
    expect(client.fetchProfile('u1')).resolves.toEqual({ id: 'u1', name: 'Ada Lovelace' });
  });

  test('escapes the user id in the path', async () => {
    const http = httpReturning({ status: 404 });
    await createProfileClient(http).fetchProfile('a/b');
    expect(http.get).toHaveBeenCalledWith('/users/a%2Fb');
  });
});
