import { describe, it } from 'vitest';
import { average, toKm } from './e28b_units.js';

describe('units', () => {
  it('converts a half marathon', () => {
    const km = toKm(13.1094);
  });

  it('averages lap times', () => {
    const laps = [61.2, 60.8, 62.0];
    const mean = average(laps);
  });
});
