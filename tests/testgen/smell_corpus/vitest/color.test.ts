// smells: none
import { expect, test } from 'vitest';
import { hexToRgb, rgbToHex } from './color';

test.each([
  ['#000000', [0, 0, 0]],
  ['#ffffff', [255, 255, 255]],
  ['#1e90ff', [30, 144, 255]],
])('%s', (hex, rgb) => {
  expect(hexToRgb(hex)).toEqual(rgb);
});

test('hex and rgb convert back and forth', () => {
  expect(rgbToHex(hexToRgb('#c0ffee'))).toBe('#c0ffee');
});

test('short hex is expanded', () => {
  expect(hexToRgb('#fff')).toEqual([255, 255, 255]);
});
