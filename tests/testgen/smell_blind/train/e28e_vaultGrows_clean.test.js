import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Vault } from './e28e_vault.js';

function openVault() {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  return vault;
}

test('put never drops names', () => {
  const vault = openVault();
  vault.put('db', 'a');
  const before = vault.names();
  vault.put('web', 'b');
  const after = vault.names();
  assert.ok(after.length >= before.length);
  assert.deepEqual(after, ['db', 'web']);
});

test('names come back sorted', () => {
  const vault = openVault();
  vault.put('web', 'a');
  vault.put('db', 'b');
  assert.deepEqual(vault.names(), ['db', 'web']);
  return;
});
