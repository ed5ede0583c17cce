import { describe, it, expect } from 'vitest';
import { loadConfig, parsePort } from './r8_config_loader';

const deps = (json: string, env: Record<string, string> = {}) => ({ readFile: () => json, env });

describe('loadConfig', () => {
  it('reads the port from the file', () => {
    expect(loadConfig('a.json', deps('{"port": 5000}')).port).toBe(5000);
  });

  it('splits features from the environment', () => {
    expect(loadConfig('a.json', deps('{}', { APP_FEATURES: 'x,y' })).features).toEqual(['x', 'y']);
  });

  it('fails on malformed JSON', () => {
    expect(() => loadConfig('a.json', deps('not json'))).toThrow();
  });

  it('fails on an out of range port', () => {
    expect(() => parsePort('99999')).toThrowError();
  });
});
