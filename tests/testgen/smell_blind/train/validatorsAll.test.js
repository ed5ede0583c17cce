import { isEmail, isStrongPassword, isUsZip, validateSignup } from './validators.js';

test('validators', () => {
  expect(isEmail('ada@example.com')).toBe(true);
  expect(isEmail('  ada@example.com  ')).toBe(true);
  expect(isEmail('ada@localhost')).toBe(false);
  expect(isEmail(null)).toBe(false);
  expect(isUsZip('94105')).toBe(true);
  expect(isUsZip('94105-1234')).toBe(true);
  expect(isUsZip('9410')).toBe(false);
  expect(isStrongPassword('Tr0ub4dor&3xyz')).toBe(true);
  expect(isStrongPassword('alllowercase123')).toBe(false);
  expect(validateSignup({ email: 'x', zip: '94105', password: 'Tr0ub4dor&3xyz' })).toEqual({ email: 'invalid email' });
  expect(validateSignup({ email: 'ada@example.com', zip: '94105', password: 'Tr0ub4dor&3xyz' })).toEqual({});
});
