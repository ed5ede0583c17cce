const { expect } = require('chai');
const sinon = require('sinon');
const { UserService, UserExistsError } = require('./r3_userService');

class InMemoryUsers {
  constructor() {
    this.rows = [];
  }
  async findByEmail(email) {
    return this.rows.find((u) => u.email === email);
  }
  async insert(user) {
    this.rows.push(user);
  }
}

describe('UserService.register', () => {
  let repo;
  let mailer;
  let service;

  beforeEach(() => {
    repo = new InMemoryUsers();
    // Only the outbound e-mail gateway is stubbed; everything else is real or in-memory.
    mailer = { send: sinon.stub().resolves() };
    service = new UserService({
      repo,
      mailer,
      hasher: { hash: async (pw) => `hashed:${pw}` },
      ids: () => 'u-42',
      clock: () => new Date('2024-03-01T09:30:00Z'),
      logger: { info() {} },
    });
  });

  afterEach(() => sinon.restore());

  it('stores a normalised, unverified user', async () => {
    const user = await service.register('  Grace@Navy.MIL ', 'hunter2');
    expect(user).to.deep.equal({
      id: 'u-42',
      email: 'grace@navy.mil',
      passwordHash: 'hashed:hunter2',
      createdAt: '2024-03-01T09:30:00.000Z',
      verified: false,
    });
    expect(repo.rows).to.have.lengthOf(1);
  });

  it('sends a verification mail to the new address', async () => {
    await service.register('grace@navy.mil', 'hunter2');
    sinon.assert.calledOnceWithExactly(mailer.send, 'grace@navy.mil', 'Verify your account', 'Welcome! Your id is u-42');
  });

  it('refuses a duplicate email regardless of case', async () => {
    await service.register('grace@navy.mil', 'a');
    let caught;
    try {
      await service.register('GRACE@navy.mil', 'b');
    } catch (err) {
      caught = err;
    }
    expect(caught).to.be.instanceOf(UserExistsError);
    expect(caught.message).to.equal('user already exists: grace@navy.mil');
  });
});
