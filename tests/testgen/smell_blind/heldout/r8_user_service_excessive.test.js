const { UserService } = require('./r8_user_service');

describe('UserService.sendWelcome', () => {
  test('sends welcome mail', async () => {
    const http = { get: jest.fn() };
    const cache = { get: jest.fn().mockReturnValue({ id: 7, name: 'Ada', email: 'ada@x.io' }), set: jest.fn() };
    const logger = { info: jest.fn() };
    const mailer = { send: jest.fn().mockResolvedValue(undefined) };
    const clock = jest.fn().mockReturnValue(0);
    const service = new UserService({ http, cache, logger, mailer, clock });

    await service.sendWelcome(7);

    expect(cache.get).toHaveBeenCalledWith('user:7');
    expect(clock).toHaveBeenCalled();
    expect(mailer.send).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(http.get).not.toHaveBeenCalled();
    expect(cache.set).not.toHaveBeenCalled();
  });

  test('lowercases email from the API', async () => {
    const http = { get: jest.fn().mockResolvedValue({ status: 200, body: { id: 1, name: ' Bo ', email: 'BO@X.IO' } }) };
    const cache = new Map();
    const service = new UserService({ http, cache, logger: console, mailer: null });
    await expect(service.getUser(1)).resolves.toEqual({ id: 1, name: 'Bo', email: 'bo@x.io' });
  });
});
