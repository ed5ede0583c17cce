'use strict';

const httpClient = require('./r6_httpClient');

const BASE = 'https://users.example.test/api';

class UserNotFound extends Error {
  constructor(id) {
    super(`user ${id} not found`);
    this.name = 'UserNotFound';
    this.id = id;
  }
}

async function getUserName(id) {
  try {
    const user = await httpClient.get(`${BASE}/users/${id}`);
    return [user.firstName, user.lastName].filter(Boolean).join(' ');
  } catch (err) {
    if (err.status === 404) throw new UserNotFound(id);
    throw err;
  }
}

async function getTeamNames(ids) {
  const names = await Promise.all(ids.map((id) => getUserName(id)));
  return names.sort((a, b) => a.localeCompare(b));
}

module.exports = { getUserName, getTeamNames, UserNotFound };
