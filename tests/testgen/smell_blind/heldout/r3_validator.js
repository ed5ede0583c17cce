'use strict';

class ValidationError extends Error {
  constructor(field, message) {
    super(`${field}: ${message}`);
    this.name = 'ValidationError';
    this.field = field;
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

function validateEmail(email) {
  return typeof email === 'string' && EMAIL_RE.test(email.trim());
}

function validatePassword(pw, { minLength = 10 } = {}) {
  const errors = [];
  if (pw.length < minLength) errors.push(`at least ${minLength} characters`);
  if (!/[A-Z]/.test(pw)) errors.push('an uppercase letter');
  if (!/[0-9]/.test(pw)) errors.push('a digit');
  if (/\s/.test(pw)) errors.push('no whitespace');
  return { ok: errors.length === 0, errors };
}

function assertSignup({ email, password, age }) {
  if (!validateEmail(email)) throw new ValidationError('email', 'invalid address');
  const pw = validatePassword(password);
  if (!pw.ok) throw new ValidationError('password', `needs ${pw.errors.join(', ')}`);
  if (!Number.isInteger(age) || age < 13) throw new ValidationError('age', 'must be 13 or older');
  return { email: email.trim().toLowerCase(), age };
}

module.exports = { ValidationError, validateEmail, validatePassword, assertSignup };
