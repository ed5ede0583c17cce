import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, windChill } from './r10_temperature';

test('wind chill makes cold windy air feel colder', () => {
  assert.equal(windChill(-10, 20), -17.9);
});

test('calm air is left unchanged', () => {
  assert.equal(windChill(-10, 2), -10);
});

test('wind chill is not applied to warm air', (t) => {
  t.todo('decide whether the 10 °C cutoff is inclusive');
});

test('zero degrees is already cold, not freezing', () => {
  assert.equal(classify(0), 'cold');
});
