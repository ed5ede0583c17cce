const { assertSignup, ValidationError } = require('./r3_validator');

describe('assertSignup', () => {
  it('accepts a complete signup', () => {
    expect(() => assertSignup({ email: 'a@b.co', password: 'correct horse battery', age: 30 })).not.toThrow();
  });
});
