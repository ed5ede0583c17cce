const { UserService, UserExistsError } = require('./r3_userService');

function makeDeps() {
  return {
    repo: { findByEmail: jest.fn(), insert: jest.fn() },
    hasher: { hash: jest.fn() },
    mailer: { send: jest.fn() },
    ids: jest.fn(),
    clock: jest.fn(),
    logger: { info: jest.fn() },
  };
}

describe('UserService.register', () => {
  it('rejects duplicate email', async () => {
    const deps = makeDeps();
    deps.repo.findByEmail.mockResolvedValue({ id: 'u0' });
    await expect(new UserService(deps).register('a@b.co', 'pw')).rejects.toThrow(UserExistsError);
  });

  it('registers a user', async () => {
    const deps = makeDeps();
    const date = { toISOString: jest.fn().mockReturnValue('T') };
    deps.repo.findByEmail.mockResolvedValue(null);
    deps.hasher.hash.mockResolvedValue('H');
    deps.ids.mockReturnValue('ID');
    deps.clock.mockReturnValue(date);
    deps.repo.insert.mockResolvedValue(undefined);
    deps.mailer.send.mockResolvedValue(undefined);

    await new UserService(deps).register('a@b.co', 'pw');

    expect(deps.repo.findByEmail).toHaveBeenCalledTimes(1);
    expect(deps.hasher.hash).toHaveBeenCalledWith('pw');
    expect(deps.ids).toHaveBeenCalled();
    expect(deps.clock).toHaveBeenCalled();
    expect(date.toISOString).toHaveBeenCalled();
    expect(deps.repo.insert).toHaveBeenCalledTimes(1);
    expect(deps.mailer.send).toHaveBeenCalledTimes(1);
    expect(deps.logger.info).toHaveBeenCalledTimes(1);
  });
});
