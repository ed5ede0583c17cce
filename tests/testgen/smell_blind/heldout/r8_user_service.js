'use strict';

class NotFoundError extends Error {}

class UserService {
  constructor({ http, cache, logger, mailer, clock = () => Date.now() }) {
    this.http = http;
    this.cache = cache;
    this.logger = logger;
    this.mailer = mailer;
    this.clock = clock;
  }

  async getUser(id) {
    const cached = this.cache.get(`user:${id}`);
    if (cached) return cached;
    const res = await this.http.get(`/users/${id}`);
    if (res.status === 404) throw new NotFoundError(`user ${id} not found`);
    if (res.status !== 200) throw new Error(`unexpected status ${res.status}`);
    const user = { id: res.body.id, name: res.body.name.trim(), email: res.body.email.toLowerCase() };
    this.cache.set(`user:${id}`, user);
    return user;
  }

  async sendWelcome(id) {
    const user = await this.getUser(id);
    const sentAt = new Date(this.clock()).toISOString();
    await this.mailer.send({ to: user.email, subject: `Welcome, ${user.name}!` });
    this.logger.info(`welcome sent to ${user.id} at ${sentAt}`);
    return { to: user.email, sentAt };
  }
}

module.exports = { UserService, NotFoundError };
