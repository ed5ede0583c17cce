// smells: tautology
const { strength } = require('./password');

test('strength of a long password', () => {
  const expected = strength('correct horse battery staple');
  expect(strength('correct horse battery staple')).toBe(expected);
});
