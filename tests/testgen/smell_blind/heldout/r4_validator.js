'use strict';

class ValidationError extends Error {
  constructor(field, message) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

function validateSignup(form) {
  if (!form || typeof form !== 'object') throw new TypeError('form must be an object');
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(form.email || '')) {
    throw new ValidationError('email', 'invalid address');
  }
  if (!form.password || form.password.length < 8) {
    throw new ValidationError('password', 'must be at least 8 characters');
  }
  if (form.age !== undefined && (form.age < 13 || !Number.isInteger(form.age))) {
    throw new ValidationError('age', 'must be an integer >= 13');
  }
  return { email: form.email.toLowerCase(), age: form.age ?? null };
}

module.exports = { ValidationError, validateSignup };
