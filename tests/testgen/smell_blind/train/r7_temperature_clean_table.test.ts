import { describe, it, expect } from 'vitest';
import { celsiusToFahrenheit, classify, fahrenheitToCelsius } from './r7_temperature';

describe('celsiusToFahrenheit', () => {
  it.each([
    [-40, -40],
    [0, 32],
    [37, 98.6],
    [100, 212],
  ])('%d°C is %d°F', (c, f) => {
    expect(celsiusToFahrenheit(c)).toBe(f);
  });
});

describe('classify', () => {
  it.each([
    { c: -5, band: 'freezing' },
    { c: 0, band: 'freezing' },
    { c: 11.9, band: 'cold' },
    { c: 12, band: 'mild' },
    { c: 25, band: 'hot' },
  ])('$c°C is $band', ({ c, band }) => {
    expect(classify(c)).toBe(band);
  });

  it('rejects temperatures below absolute zero', () => {
    expect(() => classify(-300)).toThrow(new RangeError('below absolute zero: -300°C'));
  });
});

it('fahrenheitToCelsius logs and checks the body temperature case', () => {
  const c = fahrenheitToCelsius(98.6);
  console.debug('98.6°F ->', c);
  expect(c).toBe(37);
});
