const sinon = require('sinon');
const { expect } = require('chai');
const { UserService } = require('./r10_userService');

describe('UserService', () => {
  let deps;

  beforeEach(() => {
    deps = {
      repo: { findByEmail: sinon.stub().resolves(null), save: sinon.stub().resolves() },
      mailer: { send: sinon.stub().resolves() },
      clock: { now: () => new Date('2024-05-01T12:00:00Z') },
      ids: { next: () => 'u1' },
      hasher: { hash: sinon.stub().resolves('hashed') },
      audit: { record: sinon.stub() },
      events: { emit: sinon.stub() },
    };
  });

  afterEach(() => sinon.restore());

  it('rejects short passwords', async () => {
    const service = new UserService(deps);
    let error;
    try {
      await service.register('ada@example.com', 'short');
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(RangeError);
  });

  it('registering wires up every collaborator', async () => {
    const service = new UserService(deps);

    await service.register('ada@example.com', 'correct horse');

    sinon.assert.calledOnceWithExactly(deps.repo.findByEmail, 'ada@example.com');
    sinon.assert.calledOnceWithExactly(deps.hasher.hash, 'correct horse');
    sinon.assert.calledOnce(deps.repo.save);
    sinon.assert.calledOnceWithExactly(deps.mailer.send, 'ada@example.com', 'Welcome!', 'Your account u1 is ready.');
    sinon.assert.calledOnceWithExactly(deps.audit.record, 'user.registered', 'u1');
    sinon.assert.calledOnceWithExactly(deps.events.emit, 'registered', { id: 'u1' });
  });
});
