'use strict';

class NotFoundError extends Error {}

async function fetchUser(id, httpGet) {
  const res = await httpGet(`/api/users/${encodeURIComponent(id)}`);
  if (res.status === 404) throw new NotFoundError(`user ${id} not found`);
  if (res.status !== 200) throw new Error(`unexpected status ${res.status}`);
  const { first_name: first, last_name: last, email } = res.body;
  return { id, name: `${first} ${last}`.trim(), email };
}

async function fetchUsers(ids, httpGet) {
  return Promise.all(ids.map((id) => fetchUser(id, httpGet)));
}

module.exports = { fetchUser, fetchUsers, NotFoundError };
