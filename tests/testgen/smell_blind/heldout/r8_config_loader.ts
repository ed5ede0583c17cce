export interface AppConfig {
  port: number;
  host: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  features: string[];
}

export interface LoaderDeps {
  readFile: (path: string) => string;
  env: Record<string, string | undefined>;
  logger?: { warn: (msg: string) => void };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
const DEFAULTS: AppConfig = { port: 8080, host: '127.0.0.1', logLevel: 'info', features: [] };

export function parsePort(raw: unknown): number {
  const port = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`invalid port: ${String(raw)}`);
  }
  return port;
}

export function loadConfig(path: string, deps: LoaderDeps): AppConfig {
  let fileConfig: Partial<AppConfig> = {};
  try {
    fileConfig = JSON.parse(deps.readFile(path));
  } catch (err) {
    if (err instanceof SyntaxError) throw new ConfigError(`malformed JSON in ${path}`);
    deps.logger?.warn(`config file ${path} not readable, using defaults`);
  }
  const merged = { ...DEFAULTS, ...fileConfig };
  if (deps.env.APP_PORT !== undefined) merged.port = deps.env.APP_PORT as unknown as number;
  if (deps.env.APP_LOG_LEVEL !== undefined) merged.logLevel = deps.env.APP_LOG_LEVEL as AppConfig['logLevel'];
  if (deps.env.APP_FEATURES) merged.features = deps.env.APP_FEATURES.split(',').map((f) => f.trim()).filter(Boolean);

  if (!LEVELS.includes(merged.logLevel)) throw new ConfigError(`invalid log level: ${merged.logLevel}`);
  return { ...merged, port: parsePort(merged.port) };
}
