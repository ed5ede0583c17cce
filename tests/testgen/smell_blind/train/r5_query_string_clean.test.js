const { test, describe } = require('node:test');
const assert = require('node:assert/strict');
const { parse, stringify } = require('./r5_query_string');

describe('parse', () => {
  const cases = [
    ['', {}],
    ['?', {}],
    ['a=1', { a: '1' }],
    ['?a=1&b=two', { a: '1', b: 'two' }],
    ['flag', { flag: '' }],
    ['q=hello+world', { q: 'hello world' }],
    ['name=J%C3%BCrgen', { name: 'Jürgen' }],
    ['tag=x&tag=y&tag=z', { tag: ['x', 'y', 'z'] }],
    ['a=1&&b=2', { a: '1', b: '2' }],
    ['eq=a=b', { eq: 'a=b' }],
  ];

  for (const [input, expected] of cases) {
    test(`parses ${JSON.stringify(input)}`, () => {
      assert.deepEqual(parse(input), expected);
    });
  }

  test('throws URIError on malformed percent-encoding', () => {
    assert.throws(() => parse('bad=%E0%A4%A'), { name: 'URIError', message: /URI malformed/ });
  });
});

describe('stringify', () => {
  test('sorts keys, repeats arrays and skips nullish values', () => {
    assert.equal(
      stringify({ z: 'last', a: ['1', '2'], skip: null, gone: undefined }),
      'a=1&a=2&z=last',
    );
  });

  test('encodes spaces and reserved characters', () => {
    assert.equal(stringify({ q: 'a b&c' }), 'q=a+b%26c');
  });

  test('round-trips through parse', () => {
    const original = { page: '2', tag: ['x', 'y'] };
    assert.deepEqual(parse(stringify(original)), original);
  });
});
