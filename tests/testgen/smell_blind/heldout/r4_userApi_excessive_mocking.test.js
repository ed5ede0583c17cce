jest.mock('./r4_userApi', () => {
  const actual = jest.requireActual('./r4_userApi');
  return { ...actual };
});

const api = require('./r4_userApi');

describe('getDisplayNames', () => {
  test('maps users to names', async () => {
    const http = { get: jest.fn() };
    const res = { status: 200, body: { first: jest.fn(), last: jest.fn(), email: { toLowerCase: jest.fn() } } };
    res.body.first = { toString: jest.fn(() => 'A') };
    res.body.last = { toString: jest.fn(() => 'B') };
    res.body.email.toLowerCase.mockReturnValue('mocked');
    http.get.mockResolvedValue(res);
    const all = jest.spyOn(Promise, 'all');
    const map = jest.spyOn(Array.prototype, 'map');
    await api.getDisplayNames(http, [1]);
    expect(http.get).toHaveBeenCalledWith('/users/1');
    expect(res.body.email.toLowerCase).toHaveBeenCalled();
    expect(all).toHaveBeenCalledTimes(1);
    expect(map).toHaveBeenCalled();
    all.mockRestore();
    map.mockRestore();
  });
});
