const { UserService } = require('./r2_user_service');

describe('UserService.register', () => {
  it('registers a user', async () => {
    const repo = { findByEmail: jest.fn().mockResolvedValue(null), insert: jest.fn().mockResolvedValue() };
    const mailer = { sendWelcome: jest.fn().mockResolvedValue() };
    const hasher = { hash: jest.fn().mockResolvedValue('hashed') };
    const logger = { info: jest.fn() };
    const clock = { now: jest.fn().mockReturnValue(1700000000000) };
    const idGen = jest.fn().mockReturnValue('u-1');

    const service = new UserService({ repo, mailer, hasher, logger, clock, idGen });
    await service.register('Ann@Example.com ', 'pw');

    expect(repo.findByEmail).toHaveBeenCalledWith('ann@example.com');
    expect(hasher.hash).toHaveBeenCalledWith('pw');
    expect(idGen).toHaveBeenCalledTimes(1);
    expect(clock.now).toHaveBeenCalledTimes(1);
    expect(repo.insert).toHaveBeenCalledWith({
      id: 'u-1',
      email: 'ann@example.com',
      passwordHash: 'hashed',
      createdAt: 1700000000000,
    });
    expect(mailer.sendWelcome).toHaveBeenCalledWith('ann@example.com');
    expect(logger.info).toHaveBeenCalledWith('registered u-1');
    expect(repo.insert.mock.invocationCallOrder[0]).toBeLessThan(
      mailer.sendWelcome.mock.invocationCallOrder[0],
    );
  });
});
