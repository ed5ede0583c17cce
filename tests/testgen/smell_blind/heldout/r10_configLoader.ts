import { readFile } from 'node:fs/promises';

export interface AppConfig {
  host: string;
  port: number;
  debug: boolean;
}

export const DEFAULTS: AppConfig = { host: '127.0.0.1', port: 8080, debug: false };

export class ConfigLoadError extends Error {
  constructor(public readonly path: string, reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'ConfigLoadError';
  }
}

export async function loadConfig(path: string): Promise<AppConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ...DEFAULTS };
    }
    throw new ConfigLoadError(path, 'unreadable');
  }
  let raw: Partial<AppConfig>;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ConfigLoadError(path, 'not valid JSON');
  }
  const config = { ...DEFAULTS, ...raw };
  if (!Number.isInteger(config.port) || config.port < 1 || config.port > 65535) {
    throw new ConfigLoadError(path, `port out of range: ${config.port}`);
  }
  return config;
}
