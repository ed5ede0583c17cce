import test from 'node:test';
import assert from 'node:assert/strict';
import { celsiusToFahrenheit, classify } from './r7_temperature';

test('band boundaries', () => {
  for (let c = 12; c < 25; c += 0.5) {
    assert.equal(classify(c), 'mild');
  }
  assert.equal(classify(11.999), 'cold');
});

test('conversion round-trips within tolerance', () => {
  const f = celsiusToFahrenheit(37.77);
  assert.ok(Math.abs(f - 99.99) < 0.07);
});
