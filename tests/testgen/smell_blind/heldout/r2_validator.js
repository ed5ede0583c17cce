'use strict';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function validateEmail(email) {
  return typeof email === 'string' && EMAIL_RE.test(email.trim());
}

function parseAge(input) {
  const n = Number.parseInt(String(input), 10);
  if (Number.isNaN(n)) throw new TypeError(`age is not a number: ${input}`);
  if (n < 0 || n > 150) throw new RangeError(`age must be between 0 and 150, got ${n}`);
  return n;
}

module.exports = { validateEmail, parseAge, EMAIL_RE };
