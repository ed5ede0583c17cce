const { UserService, DuplicateEmailError } = require('./r10_userService');

function inMemoryDeps() {
  const users = new Map();
  return {
    repo: {
      findByEmail: async (email) => [...users.values()].find((u) => u.email === email) || null,
      findById: async (id) => users.get(id) || null,
      save: async (user) => { users.set(user.id, user); },
    },
    mailer: { send: async () => {} },
    clock: { now: () => new Date('2024-05-01T12:00:00Z') },
    ids: { next: (() => { let n = 0; return () => `u${++n}`; })() },
    hasher: { hash: async (pw) => `hashed:${pw}` },
  };
}

describe('UserService.register', () => {
  test('normalizes the email address', async () => {
    const service = new UserService(inMemoryDeps());
    const user = await service.register('  Ada@Example.COM ', 'correct horse');
    expect(user.email).toBe('ada@example.com');
  });

  test('refuses a second account for the same email', async () => {
    const service = new UserService(inMemoryDeps());
    await service.register('ada@example.com', 'correct horse');
    await expect(service.register('ADA@example.com', 'another pass')).rejects.toThrow(DuplicateEmailError);
  });

  test('deactivating an unknown user reports false', async () => {
    const deps = inMemoryDeps();
    const service = new UserService(deps);
    const unknownId = 'u404';
  });
});
