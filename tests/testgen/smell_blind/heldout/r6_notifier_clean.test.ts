import { beforeEach, describe, expect, it } from 'vitest';
import { Notifier, SimpleTemplates } from './r6_notifier';
import type { Clock, Flags, Logger, Mailer, SmsGateway, User, UserRepo } from './r6_notifier';

class InMemoryUsers implements UserRepo {
  constructor(private readonly users: User[]) {}
  async findById(id: string) {
    return this.users.find((u) => u.id === id);
  }
}

class Outbox implements Mailer, SmsGateway {
  sent: string[] = [];
  async send(to: string, a: string, b?: string) {
    this.sent.push(b === undefined ? `sms:${to}:${a}` : `mail:${to}:${a}:${b}`);
  }
}

const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });
const flagsOn: Flags = { isEnabled: () => true };
const quietLogger: Logger = { info: () => {}, warn: () => {} };

const templates = new SimpleTemplates({
  'shipped.email': 'Your order {orderId} is on its way.',
  'shipped.sms': 'Order {orderId} shipped',
  'shipped.sms.de': 'Bestellung {orderId} versandt',
});

const ada: User = { id: 'u1', email: 'ada@example.test', phone: '+100', locale: 'de', prefersSms: true };

describe('Notifier', () => {
  let mail: Outbox;
  let sms: Outbox;

  beforeEach(() => {
    mail = new Outbox();
    sms = new Outbox();
  });

  it('texts users who prefer sms during the day, in their locale', async () => {
    const notifier = new Notifier(new InMemoryUsers([ada]), mail, sms, templates, fixedClock('2024-05-01T12:00:00Z'), flagsOn, quietLogger);

    await expect(notifier.notifyShipped('u1', 'A-7')).resolves.toBe('sms');

    expect(sms.sent).toEqual(['sms:+100:Bestellung A-7 versandt']);
    expect(mail.sent).toEqual([]);
  });

  it('falls back to email during quiet hours', async () => {
    const notifier = new Notifier(new InMemoryUsers([ada]), mail, sms, templates, fixedClock('2024-05-01T23:30:00Z'), flagsOn, quietLogger);

    await expect(notifier.notifyShipped('u1', 'A-7')).resolves.toBe('email');

    expect(mail.sent).toEqual(['mail:ada@example.test:Order A-7 shipped:Your order A-7 is on its way.']);
    expect(sms.sent).toEqual([]);
  });

  it('returns none for an unknown user', async () => {
    const notifier = new Notifier(new InMemoryUsers([]), mail, sms, templates, fixedClock('2024-05-01T12:00:00Z'), flagsOn, quietLogger);
    await expect(notifier.notifyShipped('ghost', 'A-7')).resolves.toBe('none');
  });
});
