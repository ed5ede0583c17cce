const { expect } = require('chai');
const sinon = require('sinon');
const slug = require('./r7_slug');

describe('slugify', () => {
  let stub;

  beforeEach(() => {
    stub = sinon.stub(slug, 'slugify').callsFake((t) => t.toLowerCase().replace(/\s+/g, '-'));
  });

  afterEach(() => stub.restore());

  it('lowercases and hyphenates', () => {
    expect(slug.slugify('Hello World')).to.equal('hello-world');
    expect(stub.calledOnce).to.equal(true);
  });
});
