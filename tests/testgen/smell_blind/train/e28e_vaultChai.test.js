import { expect } from 'chai';
import { Vault } from './e28e_vault.js';

describe('Vault', function () {
  it('keeps what was put', function () {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    vault.put('db', 's3cret');
    expect(vault.get('db')).to.equal('s3cret');
  });

  it('unlocks with the right passphrase', function () {
    const vault = new Vault('correct horse');
    vault.unlock('correct horse');
    expect(true).to.be.true;
  });
});
