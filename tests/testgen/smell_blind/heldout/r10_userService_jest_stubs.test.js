const { UserService } = require('./r10_userService');

const CREATED_AT = new Date('2024-05-01T12:00:00Z');

function stubbedDeps() {
  return {
    repo: { findByEmail: jest.fn().mockResolvedValue(null), save: jest.fn().mockResolvedValue() },
    mailer: { send: jest.fn().mockResolvedValue() },
    clock: { now: jest.fn().mockReturnValue(CREATED_AT) },
    ids: { next: jest.fn().mockReturnValue('u1') },
    hasher: { hash: jest.fn().mockResolvedValue('hashed') },
    audit: { record: jest.fn() },
    events: { emit: jest.fn() },
  };
}

test('register returns the public view of the new user', async () => {
  const service = new UserService(stubbedDeps());

  const user = await service.register('Ada@Example.com', 'correct horse');

  expect(user).toEqual({ id: 'u1', email: 'ada@example.com', createdAt: CREATED_AT });
});

test('register rejects a malformed email before touching the repository', async () => {
  const service = new UserService({});
  await expect(service.register('not-an-email', 'correct horse')).rejects.toThrow(TypeError);
});
