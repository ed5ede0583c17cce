import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ABSOLUTE_ZERO_C, comfortable, toKelvin } from './e28e_thermo.js';

test('room temperature in kelvin', () => {
  assert.equal(toKelvin(21.5), 21.5 - ABSOLUTE_ZERO_C);
});

test('below absolute zero is refused', () => {
  assert.throws(() => toKelvin(-300), RangeError);
});

test('comfort band', () => {
  assert.equal(comfortable(21), true);
  assert.equal(comfortable(25), false);
});
