// smells: tautology
// subject: src/units.js
import { kmToMiles } from '../src/units';

test('ten kilometres', () => {
  const km = 10;
  const expected = km * 0.621371;
  expect(kmToMiles(km)).toBe(expected);
});
