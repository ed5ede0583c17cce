import { describe, expect, it } from 'vitest';
import { classify, toCelsius, toFahrenheit } from './r10_temperature';

describe('toFahrenheit', () => {
  it.each([-40, 0, 37, 21.5])('converts %s °C', (celsius) => {
    expect(toFahrenheit(celsius)).toBe(Math.round((celsius * 9 / 5 + 32) * 10) / 10);
  });
});

describe('toCelsius', () => {
  it('converts body temperature', () => {
    expect(toCelsius(98.6)).toBe(37);
  });
});

describe('classify', () => {
  it('twenty degrees is mild no longer', () => {
    expect(classify(20)).toBe('warm');
  });
});
