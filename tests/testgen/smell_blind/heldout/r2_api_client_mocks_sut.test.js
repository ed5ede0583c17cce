const { expect } = require('chai');
const sinon = require('sinon');
const api = require('./r2_api_client');

describe('fetchUser', function () {
  afterEach(function () {
    sinon.restore();
  });

  it('combines first and last name', async function () {
    sinon.stub(api, 'fetchUser').resolves({ id: 7, name: 'Grace Hopper', email: 'grace@navy.mil' });
    const httpGet = sinon.stub();

    const user = await api.fetchUser(7, httpGet);

    expect(user.name).to.equal('Grace Hopper');
    expect(api.fetchUser.calledOnceWith(7, httpGet)).to.equal(true);
  });

  it('rejects missing users', async function () {
    sinon.stub(api, 'fetchUser').rejects(new api.NotFoundError('user 9 not found'));

    let error;
    try {
      await api.fetchUser(9, sinon.stub());
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(api.NotFoundError);
  });
});
