import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ABSOLUTE_ZERO_C, comfortable, toKelvin } from './e28e_thermo.js';

test('room temperature in kelvin', () => {
  assert.equal(toKelvin(21.5), 294.65);
});

test('absolute zero is zero kelvin', () => {
  assert.equal(toKelvin(ABSOLUTE_ZERO_C), 0);
});

test('comfort band', () => {
  assert.equal(comfortable(21), true);
  assert.equal(comfortable(25), false);
});
