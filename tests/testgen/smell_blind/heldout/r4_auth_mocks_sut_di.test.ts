import { AuthService } from './r4_auth';

function makeService(): AuthService {
  return {
    login: jest.fn().mockResolvedValue({ token: 'ann.1', expiresAt: 3601 }),
    isExpired: jest.fn().mockReturnValue(false),
  } as unknown as AuthService;
}

describe('AuthService', () => {
  test('login returns token and expiry', async () => {
    const svc = makeService();
    await expect(svc.login('ann', 'pw')).resolves.toEqual({ token: 'ann.1', expiresAt: 3601 });
  });

  test('fresh session is not expired', () => {
    const svc = makeService();
    expect(svc.isExpired({ expiresAt: 3601 })).toBe(false);
  });
});
