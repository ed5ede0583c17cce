'use strict';

class UserExistsError extends Error {
  constructor(email) {
    super(`user already exists: ${email}`);
    this.name = 'UserExistsError';
  }
}

class UserService {
  constructor({ repo, hasher, mailer, ids, clock, logger }) {
    Object.assign(this, { repo, hasher, mailer, ids, clock, logger });
  }

  async register(email, password) {
    const normalized = email.trim().toLowerCase();
    if (await this.repo.findByEmail(normalized)) throw new UserExistsError(normalized);
    const user = {
      id: this.ids(),
      email: normalized,
      passwordHash: await this.hasher.hash(password),
      createdAt: this.clock().toISOString(),
      verified: false,
    };
    await this.repo.insert(user);
    await this.mailer.send(normalized, 'Verify your account', `Welcome! Your id is ${user.id}`);
    this.logger.info('user registered', { id: user.id });
    return user;
  }
}

module.exports = { UserService, UserExistsError };
