const { expect } = require('chai');
const { validateEmail, validatePassword, assertSignup } = require('./r3_validator');

describe('validateEmail', () => {
  it('accepts a normal address', () => {
    expect(validateEmail('ada@example.com')).to.equal(true);
  });

  it('rejects an address without a domain dot', () => {
    expect(validateEmail('ada@localhost')).to.equal(false);
  });

  it('ignores surrounding whitespace', () => {
    expect(validateEmail('  ada@example.com  ')).to.be;
  });
});

describe('validatePassword', () => {
  it('lists every failed rule', () => {
    expect(validatePassword('short').errors).to.deep.equal([
      'at least 10 characters',
      'an uppercase letter',
      'a digit',
    ]);
  });

  it('accepts a strong password', () => {
    expect(validatePassword('Correct7Horse').ok).to.equal(true);
  });
});

describe('assertSignup', () => {
  it('normalises the email', () => {
    const out = assertSignup({ email: ' Ada@Example.COM ', password: 'Correct7Horse', age: 30 });
    expect(out).to.deep.equal({ email: 'ada@example.com', age: 30 });
  });
});
