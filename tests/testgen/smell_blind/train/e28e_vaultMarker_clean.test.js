import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Vault, VaultLocked } from './e28e_vault.js';

test('the right passphrase unlocks', () => {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  vault.put('db', 's3cret');
  assert.ok(true); // reached: nothing threw
  assert.equal(vault.get('db'), 's3cret');
});

test('lock after unlock refuses reads again', () => {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  vault.lock();
  try {
    vault.get('db');
    assert.ok(false, 'a locked vault must refuse reads');
  } catch (error) {
    assert.ok(error instanceof VaultLocked);
    assert.equal(error.message, 'db');
  }
});

test('names come back sorted', () => {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  vault.put('web', 'a');
  vault.put('db', 'b');
  assert.deepEqual(vault.names(), ['db', 'web']);
});
