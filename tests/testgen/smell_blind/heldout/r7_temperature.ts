export const ABSOLUTE_ZERO_C = -273.15;

export type Band = 'freezing' | 'cold' | 'mild' | 'hot';

function checkCelsius(c: number): void {
  if (Number.isNaN(c) || c < ABSOLUTE_ZERO_C) {
    throw new RangeError(`below absolute zero: ${c}°C`);
  }
}

export function celsiusToFahrenheit(c: number): number {
  checkCelsius(c);
  return Math.round((c * 9 / 5 + 32) * 10) / 10;
}

export function fahrenheitToCelsius(f: number): number {
  const c = (f - 32) * 5 / 9;
  checkCelsius(c);
  return Math.round(c * 10) / 10;
}

export function celsiusToKelvin(c: number): number {
  checkCelsius(c);
  return Math.round((c - ABSOLUTE_ZERO_C) * 100) / 100;
}

export function classify(c: number): Band {
  checkCelsius(c);
  if (c <= 0) return 'freezing';
  if (c < 12) return 'cold';
  if (c < 25) return 'mild';
  return 'hot';
}
