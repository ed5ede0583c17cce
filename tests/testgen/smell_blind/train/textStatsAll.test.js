import { readingMinutes, wordCount } from './e28_textStats.js';

test('text statistics', () => {
  expect(wordCount('')).toBe(0);
  expect(wordCount('one two')).toBe(2);
  expect(String(wordCount("don't stop"))).toBe('2');
  expect(readingMinutes('')).toBe(1);
  expect(readingMinutes('word '.repeat(401))).toBe(3);
  expect(Number(readingMinutes('a b', 1))).toBe(2);
  expect(typeof wordCount('x')).toBe('number');
});
