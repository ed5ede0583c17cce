const { expect } = require('chai');
const sinon = require('sinon');
const { Archive } = require('./e28c_basket');

describe('Archive', function () {
  it('keeps the totals it flushed', async function () {
    const archive = new Archive();
    expect(await archive.flush([[{ price: 8.5, qty: 2 }]])).to.deep.equal([21.99]);
  });

  it('writes the totals to the store', async function () {
    const store = { save: sinon.stub().resolves('ok') };
    const archive = new Archive({ store });
    await archive.flush([[{ price: 8.5, qty: 2 }]]);
    const ack = await store.save([21.99]);
    expect(ack).to.equal('ok');
  });
});
