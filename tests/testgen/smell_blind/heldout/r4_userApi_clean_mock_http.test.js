const { getUser, getDisplayNames, ApiError } = require('./r4_userApi');

function httpReturning(byPath) {
  return { get: jest.fn(async (path) => byPath[path] ?? { status: 404 }) };
}

describe('getUser', () => {
  test('normalises name and email', async () => {
    const http = httpReturning({
      '/users/7': { status: 200, body: { first: 'Ada', last: 'Lovelace', email: 'ADA@Example.org' } },
    });
    await expect(getUser(http, 7)).resolves.toEqual({
      id: 7, name: 'Ada Lovelace', email: 'ada@example.org',
    });
    expect(http.get).toHaveBeenCalledWith('/users/7');
  });

  test('404 becomes ApiError with message', async () => {
    const http = httpReturning({});
    await expect(getUser(http, 3)).rejects.toThrow(new ApiError(404, 'user 3 not found'));
  });

  test('500 keeps the status', async () => {
    const http = httpReturning({ '/users/1': { status: 500 } });
    await expect(getUser(http, 1)).rejects.toMatchObject({ status: 500, message: 'unexpected status 500' });
  });
});

test('display names keep order', async () => {
  const http = httpReturning({
    '/users/1': { status: 200, body: { first: 'B', last: '', email: 'b@x.io' } },
    '/users/2': { status: 200, body: { first: 'A', last: 'Z', email: 'a@x.io' } },
  });
  expect(await getDisplayNames(http, [1, 2])).toEqual(['B', 'A Z']);
});
