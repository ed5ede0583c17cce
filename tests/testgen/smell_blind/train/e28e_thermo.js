// Thermostat readings: Celsius to Kelvin, and a comfort band.
export const ABSOLUTE_ZERO_C = -273.15;
export const COMFORT = [19, 23.5];

export function toKelvin(celsius) {
  if (celsius < ABSOLUTE_ZERO_C) throw new RangeError('below absolute zero');
  return Math.round((celsius - ABSOLUTE_ZERO_C) * 100) / 100;
}

export function comfortable(celsius) {
  const [low, high] = COMFORT;
  return low <= celsius && celsius <= high;
}
