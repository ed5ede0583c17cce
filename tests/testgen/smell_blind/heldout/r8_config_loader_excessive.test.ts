import * as loader from './r8_config_loader';

describe('loadConfig', () => {
  afterEach(() => jest.restoreAllMocks());

  it('returns defaults for an empty file', () => {
    const cfg = loader.loadConfig('c.json', { readFile: () => '{}', env: {} });
    expect(cfg.port).toBe(8080);
  });

  it('loads configuration', () => {
    const readFile = jest.fn().mockReturnValue('{"port": 1234}');
    const env = { APP_PORT: undefined, APP_LOG_LEVEL: undefined };
    const logger = { warn: jest.fn() };
    const parseSpy = jest.spyOn(JSON, 'parse').mockReturnValue({ port: 1234 });
    const portSpy = jest.spyOn(loader, 'parsePort');
    const stringifySpy = jest.spyOn(JSON, 'stringify');

    loader.loadConfig('/etc/app.json', { readFile, env, logger });

    expect(readFile).toHaveBeenCalledWith('/etc/app.json');
    expect(parseSpy).toHaveBeenCalledWith('{"port": 1234}');
    expect(stringifySpy).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(portSpy).toHaveBeenCalledTimes(0);
  });
});
