import { KM_PER_MILE, percentOf, toKm } from './e28b_units.js';

test('miles to km', () => {
  const miles = 13.1;
  expect(toKm(miles)).toBe(Math.round(miles * KM_PER_MILE * 1000) / 1000);
});

test('percent', () => {
  const part = 3;
  const whole = 8;
  expect(percentOf(part, whole)).toBe(Math.round((part / whole) * 10000) / 100);
});
