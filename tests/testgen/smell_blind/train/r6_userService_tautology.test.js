const { expect } = require('chai');
const sinon = require('sinon');
const httpClient = require('./r6_httpClient');
const userService = require('./r6_userService');

describe('userService.getUserName', function () {
  let getStub;

  beforeEach(function () {
    getStub = sinon.stub(httpClient, 'get').resolves({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  afterEach(function () {
    sinon.restore();
  });

  it('loads the user record', async function () {
    const user = await httpClient.get('https://users.example.test/api/users/7');
    expect(user).to.deep.equal({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('builds the display name', async function () {
    const user = { firstName: 'Ada', lastName: 'Lovelace' };
    const expected = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const name = await userService.getUserName(7);
    expect(name).to.equal(expected);
    expect(getStub.returnValues.length).to.equal(getStub.callCount);
  });
});
