export function signUp(email, password, { users, hasher, mailer, audit, clock, ids }) {
  const normalised = email.trim().toLowerCase();
  if (!normalised.includes('@')) throw new TypeError('not an email address');
  if (users.exists(normalised)) throw new Error('already registered');
  const user = { id: ids(), email: normalised, password: hasher(password), joined: clock() };
  users.save(user);
  mailer.welcome(normalised);
  audit.record('signup', user.id);
  return user;
}
