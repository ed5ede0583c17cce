import { classify, toCelsius, toFahrenheit, windChill } from './r10_temperature';

describe('temperature', () => {
  it('throws on NaN', () => {
    expect(() => classify(Number.NaN)).toThrow(TypeError);
  });

  it('works', () => {
    expect(toFahrenheit(-40)).toBe(-40);
    expect(toFahrenheit(21.5)).toBe(70.7);
    expect(toCelsius(212)).toBe(100);
    expect(classify(-0.1)).toBe('freezing');
    expect(classify(28)).toBe('hot');
    expect(windChill(15, 30)).toBe(15);
  });
});
