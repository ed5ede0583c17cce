const sinon = require('sinon');
const { expect } = require('chai');
const { AuditLog, UserService, DuplicateEmailError } = require('./r10_userService');

class InMemoryUsers {
  constructor() { this.users = new Map(); }
  async findByEmail(email) { return [...this.users.values()].find((u) => u.email === email) || null; }
  async findById(id) { return this.users.get(id) || null; }
  async save(user) { this.users.set(user.id, { ...user }); }
}

function makeService(overrides = {}) {
  let next = 0;
  const deps = {
    repo: new InMemoryUsers(),
    mailer: { send: sinon.stub().resolves() },
    clock: { now: () => new Date('2024-05-01T12:00:00Z') },
    ids: { next: () => `u${++next}` },
    hasher: { hash: async (pw) => `hashed:${pw}` },
    audit: new AuditLog(),
    ...overrides,
  };
  return { service: new UserService(deps), deps };
}

describe('UserService with in-memory collaborators', () => {
  it('stores the hashed password, never the plain one', async () => {
    const { service, deps } = makeService();
    await service.register('ada@example.com', 'correct horse');
    const stored = await deps.repo.findById('u1');
    expect(stored.passwordHash).to.equal('hashed:correct horse');
    expect(stored.active).to.equal(true);
  });

  it('sends one welcome mail', async () => {
    const { service, deps } = makeService();
    await service.register('ada@example.com', 'correct horse');
    sinon.assert.calledOnceWithExactly(deps.mailer.send, 'ada@example.com', 'Welcome!', 'Your account u1 is ready.');
  });

  it('deactivation flips the stored flag and is audited', async () => {
    const { service, deps } = makeService();
    await service.register('ada@example.com', 'correct horse');
    expect(await service.deactivate('u1')).to.equal(true);
    expect((await deps.repo.findById('u1')).active).to.equal(false);
    expect(deps.audit.entries).to.deep.equal([['user.registered', 'u1'], ['user.deactivated', 'u1']]);
  });

  it('duplicate email is refused with DuplicateEmailError', async () => {
    const { service } = makeService();
    await service.register('ada@example.com', 'correct horse');
    let error;
    try {
      await service.register('ADA@example.com', 'another one');
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DuplicateEmailError);
    expect(error.message).to.equal('email already registered: ada@example.com');
  });
});
