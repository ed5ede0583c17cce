export interface Clock { now(): number }
export interface UserStore { passwordHash(user: string): Promise<string | undefined> }
export interface Hasher { verify(hash: string, password: string): Promise<boolean> }

export class AuthError extends Error {}

export class AuthService {
  constructor(
    private users: UserStore,
    private hasher: Hasher,
    private clock: Clock,
    private ttlSeconds = 3600,
  ) {}

  async login(user: string, password: string): Promise<{ token: string; expiresAt: number }> {
    const hash = await this.users.passwordHash(user);
    if (!hash || !(await this.hasher.verify(hash, password))) {
      throw new AuthError('invalid credentials');
    }
    const issuedAt = Math.floor(this.clock.now() / 1000);
    return { token: `${user}.${issuedAt}`, expiresAt: issuedAt + this.ttlSeconds };
  }

  isExpired(session: { expiresAt: number }): boolean {
    return Math.floor(this.clock.now() / 1000) >= session.expiresAt;
  }
}
