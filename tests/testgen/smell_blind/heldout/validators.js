const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const US_ZIP_RE = /^\d{5}(-\d{4})?$/;

export function isEmail(value) {
  return typeof value === 'string' && EMAIL_RE.test(value.trim());
}

export function isUsZip(value) {
  return US_ZIP_RE.test(String(value));
}

export function isStrongPassword(value) {
  return (
    typeof value === 'string' &&
    value.length >= 12 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value)
  );
}

export function validateSignup({ email, zip, password }) {
  const errors = {};
  if (!isEmail(email)) errors.email = 'invalid email';
  if (!isUsZip(zip)) errors.zip = 'invalid ZIP code';
  if (!isStrongPassword(password)) errors.password = 'password too weak';
  return errors;
}
