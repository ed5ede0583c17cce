export class ApiError extends Error {
  constructor(public readonly status: number, public readonly path: string, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface TokenProvider { getToken(): Promise<string>; }
export interface ResponseCache {
  get(key: string): unknown | undefined;
  set(key: string, value: unknown): void;
}
export interface ApiLogger { debug(msg: string): void; }
export interface Metrics { count(name: string, tags?: Record<string, string>): void; }

export interface ApiClientDeps {
  baseUrl: string;
  tokens: TokenProvider;
  cache?: ResponseCache;
  logger?: ApiLogger;
  metrics?: Metrics;
  fetchImpl?: typeof fetch;
}

export class ApiClient {
  constructor(private readonly deps: ApiClientDeps) {}

  async get<T>(path: string): Promise<T> {
    const { baseUrl, tokens, cache, logger, metrics } = this.deps;
    const doFetch = this.deps.fetchImpl ?? fetch;
    const cached = cache?.get(path);
    if (cached !== undefined) {
      metrics?.count('api.cache_hit');
      return cached as T;
    }
    const token = await tokens.getToken();
    logger?.debug(`GET ${path}`);
    const res = await doFetch(`${baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    metrics?.count('api.request', { status: String(res.status) });
    if (!res.ok) {
      const text = await res.text();
      throw new ApiError(res.status, path, `GET ${path} failed with ${res.status}: ${text}`);
    }
    const body = (await res.json()) as T;
    cache?.set(path, body);
    return body;
  }
}
