import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Vault } from './e28e_vault.js';

function openVault() {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  return vault;
}

test('put keeps the secret', () => {
  const vault = openVault();
  vault.put('db', 's3cret');
  assert.equal(vault.get('db'), 's3cret');
});

test('put never drops names', () => {
  const vault = openVault();
  vault.put('db', 'a');
  const before = vault.names();
  vault.put('web', 'b');
  const after = vault.names();
  assert.ok(after.length >= after.length);
});
