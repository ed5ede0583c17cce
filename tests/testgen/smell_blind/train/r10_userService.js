'use strict';

const { EventEmitter } = require('node:events');
const { randomUUID } = require('node:crypto');

class AuditLog {
  constructor() {
    this.entries = [];
  }

  record(action, userId) {
    this.entries.push([action, userId]);
  }
}

class DuplicateEmailError extends Error {
  constructor(email) {
    super(`email already registered: ${email}`);
    this.name = 'DuplicateEmailError';
  }
}

class UserService {
  constructor({
    repo, mailer, hasher,
    clock = { now: () => new Date() },
    ids = { next: () => randomUUID() },
    audit = new AuditLog(),
    events = new EventEmitter(),
  }) {
    this.repo = repo;
    this.mailer = mailer;
    this.clock = clock;
    this.ids = ids;
    this.hasher = hasher;
    this.audit = audit;
    this.events = events;
  }

  async register(email, password) {
    const normalized = email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(normalized)) {
      throw new TypeError(`invalid email: ${email}`);
    }
    if (password.length < 8) {
      throw new RangeError('password must have at least 8 characters');
    }
    if (await this.repo.findByEmail(normalized)) {
      throw new DuplicateEmailError(normalized);
    }
    const user = {
      id: this.ids.next(),
      email: normalized,
      passwordHash: await this.hasher.hash(password),
      createdAt: this.clock.now(),
      active: true,
    };
    await this.repo.save(user);
    await this.mailer.send(normalized, 'Welcome!', `Your account ${user.id} is ready.`);
    this.audit.record('user.registered', user.id);
    this.events.emit('registered', { id: user.id });
    return { id: user.id, email: user.email, createdAt: user.createdAt };
  }

  async deactivate(id) {
    const user = await this.repo.findById(id);
    if (!user) return false;
    await this.repo.save({ ...user, active: false });
    this.audit.record('user.deactivated', id);
    return true;
  }
}

module.exports = { UserService, DuplicateEmailError, AuditLog };
