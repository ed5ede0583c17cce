export class HttpError extends Error {
  constructor(public readonly status: number, url: string) {
    super(`request to ${url} failed with status ${status}`);
    this.name = 'HttpError';
  }
}

type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

export async function fetchJson<T>(url: string, fetchFn: FetchFn = fetch): Promise<T> {
  const response = await fetchFn(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new HttpError(response.status, url);
  }
  return (await response.json()) as T;
}
