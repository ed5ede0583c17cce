import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Vault } from './e28e_vault.js';

test('get returns what was put, from a read-only record', () => {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  const record = {};
  Object.defineProperty(record, 'secret', { value: 's3cret', writable: false });
  vault.put('db', record.secret);
  assert.equal(vault.get('db'), 's3cret');
});

test('a wrong passphrase is refused', () => {
  const vault = new Vault('correct horse');
  assert.throws(() => vault.unlock('battery staple'), /wrong passphrase/);
});
