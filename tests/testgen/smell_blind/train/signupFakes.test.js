import { signUp } from './e28_signup.js';

class FakeUsers {
  constructor(known = []) { this.known = new Set(known); this.saved = []; }
  exists(email) { return this.known.has(email); }
  save(user) { this.saved.push(user); }
}

const deps = (users) => ({
  users,
  hasher: (p) => `h(${p})`,
  mailer: { welcome: jest.fn() },
  audit: { record: jest.fn() },
  clock: () => 5,
  ids: () => 'u-1',
});

describe('signUp', () => {
  test('stores the normalised user', () => {
    const users = new FakeUsers();
    signUp(' Ann@X.io ', 'pw', deps(users));
    expect(users.saved).toEqual([{ id: 'u-1', email: 'ann@x.io', password: 'h(pw)', joined: 5 }]);
  });

  test('refuses a known address', () => {
    expect(() => signUp('ann@x.io', 'pw', deps(new FakeUsers(['ann@x.io'])))).toThrow('already registered');
  });
});
