import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Money } from './r8_money';

test('allocation keeps every cent', () => {
  const parts = Money.of(1037.13, 'EUR').allocate([3, 7, 11, 2]);
  const sum = parts.reduce((acc, p) => acc + p.minor, 0);
  assert.equal(sum, 103713);
});

test('multiply rounds to the nearest minor unit', () => {
  assert.equal(Money.of(48.17, 'USD').multiply(0.0725).minor, 349);
});

test('subtract below zero gives a negative amount', () => {
  const result = Money.of(13.5, 'EUR').subtract(Money.of(27.25, 'EUR'));
  assert.equal(result.minor, -1375);
});

test('equality requires the same currency', () => {
  assert.equal(Money.of(1, 'EUR').equals(Money.of(1, 'USD')), false);
});
