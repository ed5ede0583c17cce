export interface User {
  id: string;
  email: string;
  phone?: string;
  locale: string;
  prefersSms: boolean;
}

export interface UserRepo { findById(id: string): Promise<User | undefined>; }
export interface Mailer { send(to: string, subject: string, body: string): Promise<void>; }
export interface SmsGateway { send(phone: string, text: string): Promise<void>; }
export interface Templates { render(name: string, locale: string, vars: Record<string, string>): string; }
export interface Clock { now(): Date; }
export interface Flags { isEnabled(flag: string): boolean; }
export interface Logger { info(msg: string): void; warn(msg: string): void; }

export type Channel = 'email' | 'sms' | 'none';

export class Notifier {
  constructor(
    private readonly users: UserRepo,
    private readonly mailer: Mailer,
    private readonly sms: SmsGateway,
    private readonly templates: Templates,
    private readonly clock: Clock,
    private readonly flags: Flags,
    private readonly logger: Logger,
  ) {}

  async notifyShipped(userId: string, orderId: string): Promise<Channel> {
    const user = await this.users.findById(userId);
    if (!user) {
      this.logger.warn(`no user ${userId}`);
      return 'none';
    }
    const hour = this.clock.now().getUTCHours();
    const quietHours = hour >= 22 || hour < 7;
    const vars = { orderId };
    if (user.prefersSms && user.phone && !quietHours && this.flags.isEnabled('sms')) {
      await this.sms.send(user.phone, this.templates.render('shipped.sms', user.locale, vars));
      this.logger.info(`sms sent for ${orderId}`);
      return 'sms';
    }
    const body = this.templates.render('shipped.email', user.locale, vars);
    await this.mailer.send(user.email, `Order ${orderId} shipped`, body);
    this.logger.info(`email sent for ${orderId}`);
    return 'email';
  }
}

export class SimpleTemplates implements Templates {
  constructor(private readonly table: Record<string, string>) {}

  render(name: string, locale: string, vars: Record<string, string>): string {
    const template = this.table[`${name}.${locale}`] ?? this.table[name];
    if (template === undefined) throw new Error(`missing template ${name}`);
    return template.replace(/\{(\w+)\}/g, (_, key: string) => vars[key] ?? `{${key}}`);
  }
}
