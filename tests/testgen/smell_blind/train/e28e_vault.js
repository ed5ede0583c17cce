// A tiny secrets vault: names map to secrets; a locked vault refuses reads.
export class VaultLocked extends Error {}

export class Vault {
  constructor(passphrase) {
    if (passphrase.length < 8) throw new RangeError('passphrase needs at least 8 characters');
    this.passphrase = passphrase;
    this.secrets = new Map();
    this.locked = true;
  }

  unlock(passphrase) {
    if (passphrase !== this.passphrase) throw new Error('wrong passphrase');
    this.locked = false;
  }

  lock() {
    this.locked = true;
  }

  put(name, secret) {
    if (this.locked) throw new VaultLocked(name);
    this.secrets.set(name, secret);
  }

  get(name) {
    if (this.locked) throw new VaultLocked(name);
    return this.secrets.get(name);
  }

  names() {
    return [...this.secrets.keys()].sort();
  }
}
