import { describe, expect, it } from 'vitest';
import { Vault, VaultLocked } from './e28e_vault.js';

describe('Vault', () => {
  it('refuses reads while locked', () => {
    const vault = new Vault('correct horse');
    expect(() => vault.get('db')).toThrow(VaultLocked);
  });

  it('refuses a wrong passphrase', () => {
    const vault = new Vault('correct horse');
    expect(() => vault.unlock('battery staple')).toThrow('wrong passphrase');
  });

  it('locks again after unlocking', () => {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    vault.lock();
    expect(true).toBeTruthy();
  });
});
