import { test } from 'node:test';
import assert from 'node:assert';
import { parseIni } from './r4_parser';

test('keys are trimmed', () => {
  assert.deepStrictEqual(parseIni('[s]\n  key  =  value  '), { s: { key: 'value' } });
});

test('a line that starts with = is rejected', () => {
  assert.throws(() => parseIni('=oops'));
});
