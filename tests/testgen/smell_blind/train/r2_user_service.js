'use strict';

class DuplicateUserError extends Error {}

class UserService {
  constructor({ repo, mailer, hasher, logger, clock, idGen }) {
    this.repo = repo;
    this.mailer = mailer;
    this.hasher = hasher;
    this.logger = logger;
    this.clock = clock;
    this.idGen = idGen;
  }

  async register(email, password) {
    const normalized = email.trim().toLowerCase();
    if (await this.repo.findByEmail(normalized)) {
      throw new DuplicateUserError(`${normalized} is already registered`);
    }
    const user = {
      id: this.idGen(),
      email: normalized,
      passwordHash: await this.hasher.hash(password),
      createdAt: this.clock.now(),
    };
    await this.repo.insert(user);
    await this.mailer.sendWelcome(normalized);
    this.logger.info(`registered ${user.id}`);
    return { id: user.id, email: user.email };
  }
}

module.exports = { UserService, DuplicateUserError };
