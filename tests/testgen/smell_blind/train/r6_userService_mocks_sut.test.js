jest.mock('./r6_userService', () => ({
  getUserName: jest.fn(async (id) => (id === 7 ? 'Ada Lovelace' : 'Unknown')),
  getTeamNames: jest.fn().mockResolvedValue(['Alan Turing', 'Grace Hopper']),
}));

const { getUserName, getTeamNames } = require('./r6_userService');

describe('userService', () => {
  it('returns the full name', async () => {
    const name = await getUserName(7);
    expect(name).toBe('Ada Lovelace');
    expect(getUserName).toHaveBeenCalledWith(7);
  });

  it('sorts team names', async () => {
    const names = await getTeamNames([2, 1]);
    expect(names).toEqual(['Alan Turing', 'Grace Hopper']);
  });
});
