const { validateSignup } = require('./r4_validator');

describe('validateSignup', () => {
  it('lowercases the email', () => {
    expect(validateSignup({ email: 'Bob@Mail.COM', password: 'hunter2!!' })).toEqual({
      email: 'bob@mail.com',
      age: null,
    });
  });

  it('keeps a valid age', () => {
    expect(validateSignup({ email: 'a@b.io', password: '12345678', age: 30 }).age).toBe(30);
  });

  it('rejects short passwords', () => {
    expect(() => validateSignup({ email: 'a@b.io', password: 'short' })).toThrow();
  });
});
