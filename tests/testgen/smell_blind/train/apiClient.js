export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function createApiClient({ baseUrl, fetchImpl = globalThis.fetch }) {
  return {
    async getUser(id) {
      const res = await fetchImpl(`${baseUrl}/users/${encodeURIComponent(id)}`, {
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) {
        throw new ApiError(res.status, `GET /users/${id} failed with ${res.status}`);
      }
      const body = await res.json();
      return {
        id: body.id,
        name: `${body.first_name} ${body.last_name}`,
        email: body.email.toLowerCase(),
      };
    },
  };
}
