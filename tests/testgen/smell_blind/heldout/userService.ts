export interface User {
  id: string;
  email: string;
  active: boolean;
  deactivatedAt?: string;
}

export interface UserRepo {
  find(id: string): Promise<User | undefined>;
  save(user: User): Promise<void>;
}

export interface Mailer {
  send(to: string, subject: string): Promise<void>;
}

export class UserService {
  constructor(private repo: UserRepo, private mailer: Mailer, private now: () => Date = () => new Date()) {}

  async deactivate(id: string): Promise<User> {
    const user = await this.repo.find(id);
    if (!user) throw new Error(`user ${id} not found`);
    if (!user.active) return user;
    const updated = { ...user, active: false, deactivatedAt: this.now().toISOString() };
    await this.repo.save(updated);
    await this.mailer.send(user.email, 'Your account has been deactivated');
    return updated;
  }
}
