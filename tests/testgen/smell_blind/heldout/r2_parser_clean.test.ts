import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseQuery, ParseError } from './r2_parser';

const cases: Array<[string, Record<string, string | string[]>]> = [
  ['', {}],
  ['?a=1', { a: '1' }],
  ['q=hello+world', { q: 'hello world' }],
  ['tag=a&tag=b&tag=c', { tag: ['a', 'b', 'c'] }],
  ['flag', { flag: '' }],
  ['path=%2Fhome%2Fada', { path: '/home/ada' }],
];

for (const [input, expected] of cases) {
  test(`parseQuery(${JSON.stringify(input)})`, () => {
    assert.deepEqual(parseQuery(input), expected);
  });
}

test('an empty parameter is a ParseError pointing at the gap', () => {
  assert.throws(() => parseQuery('a=1&&b=2'), (err: unknown) => {
    assert.ok(err instanceof ParseError);
    assert.equal(err.position, 4);
    assert.match(err.message, /^empty parameter at position 4$/);
    return true;
  });
});

test('a second "=" is reported with its position', () => {
  assert.throws(() => parseQuery('a=b=c'), { name: 'ParseError', message: 'unexpected "=" at position 3' });
});
