const { expect } = require('chai');
const sinon = require('sinon');
const { Archive } = require('./e28c_basket');

describe('Archive', function () {
  it('writes the totals to the store', async function () {
    const store = { save: sinon.stub().resolves('ok') };
    const archive = new Archive({ store });
    const saved = await archive.flush([[{ price: 8.5, qty: 2 }]]);
    expect(saved).to.deep.equal([21.99]);
    sinon.assert.calledOnceWithExactly(store.save, [21.99]);
  });
});
