import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFile } from 'node:fs/promises';
import { ConfigLoadError, loadConfig } from './r10_configLoader';

vi.mock('node:fs/promises', () => ({ readFile: vi.fn() }));

const mockedReadFile = vi.mocked(readFile);

function fileContains(text: string) {
  mockedReadFile.mockResolvedValue(text as never);
}

describe('loadConfig', () => {
  beforeEach(() => mockedReadFile.mockReset());

  it('falls back to defaults when the file does not exist', async () => {
    mockedReadFile.mockRejectedValue(Object.assign(new Error('missing'), { code: 'ENOENT' }));
    await expect(loadConfig('/etc/app.json')).resolves.toEqual({ host: '127.0.0.1', port: 8080, debug: false });
  });

  it('overrides only the keys present in the file', async () => {
    fileContains('{"port": 9090, "debug": true}');
    await expect(loadConfig('/etc/app.json')).resolves.toEqual({ host: '127.0.0.1', port: 9090, debug: true });
    expect(mockedReadFile).toHaveBeenCalledWith('/etc/app.json', 'utf8');
  });

  it('reports invalid JSON with the path', async () => {
    fileContains('{port: 9090');
    await expect(loadConfig('/etc/app.json')).rejects.toThrow(new ConfigLoadError('/etc/app.json', 'not valid JSON'));
  });

  it('rejects a port above 65535', async () => {
    fileContains('{"port": 70000}');
    await expect(loadConfig('/etc/app.json')).rejects.toThrow('/etc/app.json: port out of range: 70000');
  });
});
