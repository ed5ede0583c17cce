import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { signUp } from './e28_signup.js';

test('sign-up wires every collaborator', () => {
  const users = { exists: mock.fn(() => false), save: mock.fn() };
  const hasher = mock.fn(() => 'h');
  const mailer = { welcome: mock.fn() };
  const audit = { record: mock.fn() };
  const clock = mock.fn(() => 5);
  const ids = mock.fn(() => 'u1');

  const user = signUp('Ann@X.io', 'pw', { users, hasher, mailer, audit, clock, ids });

  assert.equal(user.id, 'u1');
  assert.equal(users.save.mock.callCount(), 1);
});
