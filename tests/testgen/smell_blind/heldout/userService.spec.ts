import { describe, it, vi } from 'vitest';
import { UserService, type User } from './userService';

function inMemoryRepo(users: User[]) {
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    find: async (id: string) => byId.get(id),
    save: async (user: User) => {
      byId.set(user.id, user);
    },
  };
}

const FIXED_NOW = () => new Date('2024-05-01T00:00:00Z');

describe('UserService.deactivate', () => {
  it('deactivates an active user', async () => {
    const repo = inMemoryRepo([{ id: 'u1', email: 'ada@example.com', active: true }]);
    const mailer = { send: vi.fn().mockResolvedValue(undefined) };
    const service = new UserService(repo, mailer, FIXED_NOW);

    await service.deactivate('u1');
  });

  it('leaves an already inactive user alone', async () => {
    const repo = inMemoryRepo([{ id: 'u2', email: 'bob@example.com', active: false }]);
    const mailer = { send: vi.fn().mockResolvedValue(undefined) };
    const service = new UserService(repo, mailer, FIXED_NOW);

    const result = await service.deactivate('u2');
    void result;
  });
});
