import { Notifier, NotifierDeps } from './r10_notifier';

const SENT_AT = new Date('2024-05-01T12:00:00.000Z');

function stubbedDeps(): NotifierDeps {
  return {
    transport: { send: jest.fn().mockResolvedValue({ id: 'msg-1' }) },
    templates: { render: jest.fn().mockReturnValue({ subject: 'Welcome', body: 'Hi Ada' }) },
    logger: { info: jest.fn(), warn: jest.fn() },
    clock: { now: jest.fn().mockReturnValue(SENT_AT) },
    preferences: { contactFor: jest.fn().mockResolvedValue({ email: 'ada@example.com', muted: [] }) },
    rateLimiter: { allow: jest.fn().mockReturnValue(true) },
    metrics: { increment: jest.fn() },
  };
}

describe('Notifier', () => {
  it('returns the message id and send time', async () => {
    const outcome = await new Notifier(stubbedDeps()).notify('u1', 'welcome', { name: 'Ada' });

    expect(outcome).toEqual({ delivered: true, messageId: 'msg-1', at: '2024-05-01T12:00:00.000Z' });
  });

  it('returns unknown-user when there is no contact', async () => {
    const deps = stubbedDeps();
    (deps.preferences.contactFor as jest.Mock).mockResolvedValue(null);
    const outcome = await new Notifier(deps).notify('u2', 'welcome', {});
    expect(outcome).toEqual({ delivered: false, reason: 'unknown-user' });
  });
});
