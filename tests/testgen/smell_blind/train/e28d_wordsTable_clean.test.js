import { initials } from './e28d_words.js';

test.each([
  ['ada lovelace', 3, 'AL'],
  ['', 3, ''],
  ['jean-paul sartre', 3, 'JPS'],
  ['a b c d', 3, 'ABC'],
  ['a b c d', 4, 'ABCD'],
  ['  grace   hopper ', 3, 'GH'],
  ['42 douglas adams', 3, 'DA'],
])('initials(%s, %d) is %s', (name, limit, expected) => {
  expect(initials(name, limit)).toBe(expected);
});
