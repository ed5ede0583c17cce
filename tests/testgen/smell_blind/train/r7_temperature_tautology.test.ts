import { describe, it, expect } from 'vitest';
import { celsiusToFahrenheit, celsiusToKelvin, ABSOLUTE_ZERO_C } from './r7_temperature';

const toF = (c: number) => Math.round((c * 9 / 5 + 32) * 10) / 10;

describe('celsiusToFahrenheit', () => {
  for (const c of [-40, 0, 21.5, 100]) {
    it(`converts ${c}°C`, () => {
      expect(celsiusToFahrenheit(c)).toBe(toF(c));
    });
  }

  it('converts to kelvin', () => {
    expect(celsiusToKelvin(25)).toBe(Math.round((25 - ABSOLUTE_ZERO_C) * 100) / 100);
  });
});
