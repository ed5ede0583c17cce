// smells: tautology
const { normalize } = require('./paths');

test('normalize collapses dots', () => {
  const input = 'a/./b/../c';
  const want = normalize(input);
  expect(normalize(input)).toStrictEqual(want);
});
