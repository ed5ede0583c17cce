import { isEmail, isUsZip, validateSignup } from './validators.js';

describe('isEmail', () => {
  it.each([
    ['ada@example.com', true],
    ['  padded@example.org ', true],
    ['no-domain@', false],
    ['two@@example.com', false],
    ['ada@localhost', false],
  ])('isEmail(%p) -> %p', (input, expected) => {
    expect(isEmail(input)).toBe(expected);
  });
});

describe('isUsZip', () => {
  it.each([
    ['94105', true],
    ['94105-1234', true],
    ['9410', false],
    ['94105-12', false],
  ])('isUsZip(%p) -> %p', (input, expected) => {
    expect(isUsZip(input)).toBe(expected);
  });
});

describe('validateSignup', () => {
  it('collects one message per invalid field', () => {
    const errors = validateSignup({ email: 'nope', zip: 'abc', password: 'short' });
    expect(errors).toEqual({
      email: 'invalid email',
      zip: 'invalid ZIP code',
      password: 'password too weak',
    });
  });
});
