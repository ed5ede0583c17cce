'use strict';

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function getUser(http, id) {
  const res = await http.get(`/users/${id}`);
  if (res.status === 404) throw new ApiError(404, `user ${id} not found`);
  if (res.status !== 200) throw new ApiError(res.status, `unexpected status ${res.status}`);
  const { first, last, email } = res.body;
  return { id, name: `${first} ${last}`.trim(), email: email.toLowerCase() };
}

async function getDisplayNames(http, ids) {
  const users = await Promise.all(ids.map((id) => getUser(http, id)));
  return users.map((u) => u.name);
}

module.exports = { ApiError, getUser, getDisplayNames };
