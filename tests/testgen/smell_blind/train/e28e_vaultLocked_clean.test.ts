import { describe, expect, it } from 'vitest';
import { Vault, VaultLocked } from './e28e_vault.js';

describe('Vault', () => {
  it('unlocks with the right passphrase', () => {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    expect(vault.locked).toBe(false);
  });

  it('locks again after unlocking', () => {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    vault.lock();
    expect(vault.locked).toBeTruthy();
    expect(() => vault.get('db')).toThrow(VaultLocked);
  });
});
