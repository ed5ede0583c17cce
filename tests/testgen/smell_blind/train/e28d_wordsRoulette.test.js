import { initials } from './e28d_words.js';

test('initials', () => {
  expect(initials('ada lovelace')).toBe('AL');
  expect(initials('')).toBe('');
  expect(initials('jean-paul sartre')).toBe('JPS');
  expect(initials('a b c d')).toBe('ABC');
  expect(initials('a b c d', 4)).toBe('ABCD');
  expect(initials('  grace   hopper ')).toBe('GH');
  expect(initials('42 douglas adams')).toBe('DA');
});
