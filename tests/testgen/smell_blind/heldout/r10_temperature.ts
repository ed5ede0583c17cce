export type Band = 'freezing' | 'cold' | 'mild' | 'warm' | 'hot';

/** Upper bounds (exclusive, °C) of each band, coldest first. */
const BANDS: Array<[number, Band]> = [
  [0, 'freezing'],
  [10, 'cold'],
  [20, 'mild'],
  [28, 'warm'],
];

export function toFahrenheit(celsius: number): number {
  return Math.round((celsius * 9 / 5 + 32) * 10) / 10;
}

export function toCelsius(fahrenheit: number): number {
  return Math.round(((fahrenheit - 32) * 5 / 9) * 10) / 10;
}

export function classify(celsius: number): Band {
  if (Number.isNaN(celsius)) {
    throw new TypeError('temperature is not a number');
  }
  for (const [upper, band] of BANDS) {
    if (celsius < upper) return band;
  }
  return 'hot';
}

/** Wind chill (°C) by the North American formula; only defined for cold, windy air. */
export function windChill(celsius: number, windKmh: number): number {
  if (celsius > 10 || windKmh < 4.8) {
    return celsius;
  }
  const v = Math.pow(windKmh, 0.16);
  return Math.round((13.12 + 0.6215 * celsius - 11.37 * v + 0.3965 * celsius * v) * 10) / 10;
}
