// smells: none
// subject: src/units.js
import { celsiusToKelvin, kmToMiles, pace } from '../src/units';

test('a marathon in miles', () => {
  expect(kmToMiles(42.195)).toBeCloseTo(26.219, 3);
});

test('absolute zero', () => {
  expect(celsiusToKelvin(-273.15)).toBe(0);
});

test('pace is minutes per kilometre', () => {
  expect(pace(50, 10)).toBe(5);
  expect(() => pace(10, 0)).toThrow('distance must be positive');
});
