jest.mock('./r6_httpClient');

const httpClient = require('./r6_httpClient');
const { getUserName, getTeamNames, UserNotFound } = require('./r6_userService');

describe('userService', () => {
  afterEach(() => jest.resetAllMocks());

  it('joins first and last name from the user endpoint', async () => {
    httpClient.get.mockResolvedValue({ firstName: 'Ada', lastName: 'Lovelace' });

    await expect(getUserName(7)).resolves.toBe('Ada Lovelace');
    expect(httpClient.get).toHaveBeenCalledWith('https://users.example.test/api/users/7');
  });

  it('omits a missing last name', async () => {
    httpClient.get.mockResolvedValue({ firstName: 'Plato' });
    expect(await getUserName(1)).toBe('Plato');
  });

  it('turns a 404 into UserNotFound', async () => {
    httpClient.get.mockRejectedValue(Object.assign(new Error('HTTP 404'), { status: 404 }));
    await expect(getUserName(99)).rejects.toThrow(UserNotFound);
    await expect(getUserName(99)).rejects.toThrow('user 99 not found');
  });

  it('returns team names sorted', async () => {
    httpClient.get
      .mockResolvedValueOnce({ firstName: 'Grace', lastName: 'Hopper' })
      .mockResolvedValueOnce({ firstName: 'Alan', lastName: 'Turing' });
    await expect(getTeamNames([1, 2])).resolves.toEqual(['Alan Turing', 'Grace Hopper']);
  });
});
