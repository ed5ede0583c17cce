import { loadConfig, parsePort } from './r8_config_loader';

jest.mock('./r8_config_loader', () => ({
  ...jest.requireActual('./r8_config_loader'),
  loadConfig: jest.fn(() => ({ port: 8080, host: '0.0.0.0', logLevel: 'info', features: [] })),
}));

describe('config loader', () => {
  test('parsePort accepts numeric strings', () => {
    expect(parsePort('3000')).toBe(3000);
  });

  test('loadConfig applies defaults', () => {
    const cfg = loadConfig('config.json', { readFile: () => '{}', env: {} });
    expect(cfg).toEqual({ port: 8080, host: '0.0.0.0', logLevel: 'info', features: [] });
    expect(loadConfig).toHaveBeenCalledTimes(1);
  });

  test('parsePort rejects zero', () => {
    expect(() => parsePort(0)).toThrow('invalid port: 0');
  });
});
