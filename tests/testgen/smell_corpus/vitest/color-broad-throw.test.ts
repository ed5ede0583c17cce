// smells: none
import { expect, test } from 'vitest';
import { hexToRgb } from './color';

test('bad input', () => {
  expect(() => hexToRgb('nope')).toThrow();
  expect(() => hexToRgb('#12')).toThrowError();
});
