const { expect } = require('chai');
const { parse, stringify } = require('./r5_query_string');

describe('r5_query_string', function () {
  describe('parse()', function () {
    it('returns an empty object for an empty string', function () {
      expect(parse('')).to.deep.equal({});
    });

    it('decodes percent-encoded keys', function () {
      const input = 'first%20name=Ada';
      // expected: { 'first name': 'Ada' }
    });
  });

  describe('stringify()', function () {
    it('repeats the key for array values', function () {
      expect(stringify({ id: [1, 2] })).to.equal('id=1&id=2');
    });

    it('handles nested objects', function () {});
  });
});
