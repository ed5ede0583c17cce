// smells: tautology
// subject: src/retry.js
const { backoff } = require('../src/retry');

test('doubles each time', () => {
  const base = 100;
  for (const attempt of [1, 2, 3]) {
    expect(backoff(attempt, base)).toBe(Math.min(10000, base * 2 ** attempt));
  }
});
