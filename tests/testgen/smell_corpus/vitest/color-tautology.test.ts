// smells: tautology
import { expect, test } from 'vitest';
import { rgbToHex } from './color';

test('rgbToHex', () => {
  const result = rgbToHex([10, 20, 30]);
  const expected = rgbToHex([10, 20, 30]);
  expect(result).toBe(expected);
});
