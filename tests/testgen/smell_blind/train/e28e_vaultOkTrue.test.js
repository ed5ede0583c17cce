import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Vault, VaultLocked } from './e28e_vault.js';

test('a short passphrase is refused', () => {
  assert.throws(() => new Vault('short'), { name: 'RangeError', message: /at least 8/ });
});

test('a locked vault refuses reads', () => {
  const vault = new Vault('correct horse');
  assert.throws(() => vault.get('db'), VaultLocked);
});

test('the right passphrase unlocks', () => {
  const vault = new Vault('correct horse');
  vault.unlock('correct horse');
  vault.put('db', 's3cret');
  assert.ok(true); // reached: nothing threw
});
