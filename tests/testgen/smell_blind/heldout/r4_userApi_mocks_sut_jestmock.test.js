jest.mock('./r4_userApi');

const { getUser } = require('./r4_userApi');

describe('getUser', () => {
  it('returns the normalised user', async () => {
    getUser.mockResolvedValue({ id: 1, name: 'Grace Hopper', email: 'grace@navy.mil' });
    const http = { get: jest.fn() };
    const user = await getUser(http, 1);
    expect(user).toEqual({ id: 1, name: 'Grace Hopper', email: 'grace@navy.mil' });
    expect(getUser).toHaveBeenCalledWith(http, 1);
  });
});
