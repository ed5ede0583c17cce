const { expect } = require('chai');
const { parse, stringify } = require('./r5_query_string');

describe('query string parse', function () {
  it('decodes plus signs as spaces', function () {
    expect(parse('q=new+york')).to.deep.equal({ q: 'new york' });
  });

  it('collects repeated keys into an array', function () {
    const result = parse('color=red&color=blue&size=m');
    expect(result.color).to.be.an;
    expect(result).to.have.property;
    expect(result.size).to.be;
  });

  it('ignores a leading question mark', function () {
    expect(parse('?a=1')).to.deep.equal({ a: '1' });
  });
});

describe('query string stringify', function () {
  it('omits null values', function () {
    expect(stringify({ a: null, b: 'x' })).to.equal('b=x');
  });
});
