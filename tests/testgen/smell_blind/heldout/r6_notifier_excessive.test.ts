import { Notifier } from './r6_notifier';
import type { Clock, Flags, Logger, Mailer, SmsGateway, Templates, UserRepo } from './r6_notifier';

describe('Notifier.notifyShipped', () => {
  it('sends an sms', async () => {
    const users: jest.Mocked<UserRepo> = { findById: jest.fn() };
    const mailer: jest.Mocked<Mailer> = { send: jest.fn() };
    const sms: jest.Mocked<SmsGateway> = { send: jest.fn() };
    const templates: jest.Mocked<Templates> = { render: jest.fn() };
    const clock: jest.Mocked<Clock> = { now: jest.fn() };
    const flags: jest.Mocked<Flags> = { isEnabled: jest.fn() };
    const logger: jest.Mocked<Logger> = { info: jest.fn(), warn: jest.fn() };

    users.findById.mockResolvedValue({ id: 'u1', email: 'e', phone: 'p', locale: 'l', prefersSms: true });
    clock.now.mockReturnValue(new Date('2024-01-01T12:00:00Z'));
    flags.isEnabled.mockReturnValue(true);
    templates.render.mockReturnValue('rendered');
    sms.send.mockResolvedValue();

    const notifier = new Notifier(users, mailer, sms, templates, clock, flags, logger);
    await notifier.notifyShipped('u1', 'o1');

    expect(flags.isEnabled).toHaveBeenCalledWith('sms');
    expect(templates.render).toHaveBeenCalledWith('shipped.sms', 'l', { orderId: 'o1' });
    expect(sms.send).toHaveBeenCalledWith('p', 'rendered');
    expect(mailer.send).not.toHaveBeenCalled();
  });
});
