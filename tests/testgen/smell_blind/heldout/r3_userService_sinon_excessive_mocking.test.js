const { expect } = require('chai');
const sinon = require('sinon');
const { UserService } = require('./r3_userService');

describe('UserService (sinon)', () => {
  afterEach(() => sinon.restore());

  it('lowercases the email before lookup', async () => {
    const repo = { findByEmail: sinon.stub().resolves(null), insert: sinon.stub().resolves() };
    const service = new UserService({
      repo,
      hasher: { hash: sinon.stub().resolves('h') },
      mailer: { send: sinon.stub().resolves() },
      ids: () => 'u1',
      clock: () => new Date('2024-01-01T00:00:00Z'),
      logger: { info() {} },
    });
    await service.register('  MIXED@Case.IO ', 'pw');
    expect(repo.findByEmail.firstCall.args[0]).to.equal('mixed@case.io');
  });

  it('register orchestrates dependencies', async () => {
    const repo = { findByEmail: sinon.stub(), insert: sinon.stub() };
    const hasher = { hash: sinon.stub() };
    const mailer = { send: sinon.stub() };
    const logger = { info: sinon.spy() };
    const ids = sinon.stub();
    const clock = sinon.stub();
    const fakeDate = { toISOString: sinon.stub() };

    repo.findByEmail.resolves(undefined);
    hasher.hash.resolves('hash');
    ids.returns('id');
    clock.returns(fakeDate);
    fakeDate.toISOString.returns('ts');

    await new UserService({ repo, hasher, mailer, ids, clock, logger }).register('x@y.io', 'pw');

    sinon.assert.callOrder(repo.findByEmail, ids, hasher.hash, clock, repo.insert, mailer.send, logger.info);
    sinon.assert.calledOnce(fakeDate.toISOString);
    sinon.assert.calledOnce(repo.insert);
    sinon.assert.calledOnce(mailer.send);
    sinon.assert.calledOnce(logger.info);
  });
});
