import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig, parsePort } from './r8_config_loader';

const file = (json: object) => () => JSON.stringify(json);

describe('loadConfig', () => {
  it('merges the file over the defaults', () => {
    const cfg = loadConfig('app.json', { readFile: file({ port: 3000, features: ['beta'] }), env: {} });
    assert.deepEqual(cfg, { port: 3000, host: '127.0.0.1', logLevel: 'info', features: ['beta'] });
  });

  it('lets environment variables win over the file', () => {
    const cfg = loadConfig('app.json', {
      readFile: file({ port: 3000, logLevel: 'debug' }),
      env: { APP_PORT: '9090', APP_LOG_LEVEL: 'warn', APP_FEATURES: ' a, ,b ' },
    });
    assert.deepEqual(cfg, { port: 9090, host: '127.0.0.1', logLevel: 'warn', features: ['a', 'b'] });
  });

  it('falls back to defaults and warns when the file is missing', () => {
    const warn = mock.fn();
    const readFile = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    const cfg = loadConfig('missing.json', { readFile, env: {}, logger: { warn } });
    assert.equal(cfg.port, 8080);
    assert.equal(warn.mock.callCount(), 1);
    assert.deepEqual(warn.mock.calls[0].arguments, ['config file missing.json not readable, using defaults']);
  });

  it('reports malformed JSON with the path', () => {
    assert.throws(() => loadConfig('bad.json', { readFile: () => '{port:', env: {} }), {
      name: 'ConfigError',
      message: 'malformed JSON in bad.json',
    });
  });

  it('rejects unknown log levels', () => {
    assert.throws(() => loadConfig('a.json', { readFile: file({}), env: { APP_LOG_LEVEL: 'loud' } }), /invalid log level: loud/);
  });
});

describe('parsePort', () => {
  for (const [raw, expected] of [['80', 80], [443, 443], ['65535', 65535]] as const) {
    it(`accepts ${raw}`, () => assert.equal(parsePort(raw), expected));
  }

  for (const raw of ['0', '70000', 'http', 12.5]) {
    it(`rejects ${raw}`, () => assert.throws(() => parsePort(raw), new ConfigError(`invalid port: ${raw}`)));
  }
});
