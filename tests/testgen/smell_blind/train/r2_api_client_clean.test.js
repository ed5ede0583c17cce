const { expect } = require('chai');
const sinon = require('sinon');
const { fetchUser, fetchUsers, NotFoundError } = require('./r2_api_client');

function ok(body) {
  return { status: 200, body };
}

describe('api client', function () {
  let httpGet;

  beforeEach(function () {
    // httpGet is the network boundary; fetchUser itself runs for real
    httpGet = sinon.stub();
  });

  it('maps the API payload to a user', async function () {
    httpGet.withArgs('/api/users/7').resolves(ok({ first_name: 'Grace', last_name: 'Hopper', email: 'g@navy.mil' }));

    const user = await fetchUser(7, httpGet);

    expect(user).to.deep.equal({ id: 7, name: 'Grace Hopper', email: 'g@navy.mil' });
  });

  it('url-encodes the id', async function () {
    httpGet.resolves(ok({ first_name: 'A', last_name: '', email: 'a@x.io' }));

    await fetchUser('a/b', httpGet);

    sinon.assert.calledOnceWithExactly(httpGet, '/api/users/a%2Fb');
  });

  it('turns a 404 into NotFoundError', async function () {
    httpGet.resolves({ status: 404 });

    try {
      await fetchUser(9, httpGet);
      expect.fail('expected fetchUser to reject');
    } catch (err) {
      expect(err).to.be.instanceOf(NotFoundError);
      expect(err.message).to.equal('user 9 not found');
    }
  });

  it('fetches several users in order', async function () {
    httpGet.callsFake(async (url) => ok({ first_name: url.split('/').pop(), last_name: 'X', email: '' }));

    const users = await fetchUsers([1, 2], httpGet);

    expect(users.map((u) => u.name)).to.deep.equal(['1 X', '2 X']);
  });
});
