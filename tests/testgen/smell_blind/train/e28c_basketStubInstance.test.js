const { expect } = require('chai');
const sinon = require('sinon');
const { Archive } = require('./e28c_basket');

describe('Archive', function () {
  it('flush returns every total so far', async function () {
    const archive = sinon.createStubInstance(Archive);
    archive.flush.resolves([21.99, 59.97]);
    expect(await archive.flush([[{ price: 8.5, qty: 2 }]])).to.deep.equal([21.99, 59.97]);
  });
});
