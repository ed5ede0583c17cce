const sinon = require('sinon');
const { expect } = require('chai');
const { UserService } = require('./r8_user_service');

describe('UserService.getUser', function () {
  afterEach(function () {
    sinon.restore();
  });

  it('fetches and caches a user', async function () {
    const response = { status: 200, body: { id: 3, name: 'Cy', email: 'cy@x.io' } };
    const http = { get: sinon.stub().resolves(response) };
    const cache = { get: sinon.stub().returns(undefined), set: sinon.stub() };
    const logger = { info: sinon.stub(), warn: sinon.stub() };
    const mailer = { send: sinon.stub() };
    const clock = sinon.stub().returns(1700000000000);

    const service = new UserService({ http, cache, logger, mailer, clock });
    await service.getUser(3);

    sinon.assert.calledOnceWithExactly(cache.get, 'user:3');
    sinon.assert.calledOnceWithExactly(http.get, '/users/3');
    sinon.assert.calledOnce(cache.set);
    sinon.assert.notCalled(logger.info);
    sinon.assert.notCalled(mailer.send);
    expect(http.get.callCount).to.equal(1);
  });

  it('returns the cached user without calling the API', async function () {
    const cached = { id: 3, name: 'Cy', email: 'cy@x.io' };
    const http = { get: sinon.stub() };
    const service = new UserService({ http, cache: new Map([['user:3', cached]]) });
    expect(await service.getUser(3)).to.deep.equal(cached);
    sinon.assert.notCalled(http.get);
  });
});
