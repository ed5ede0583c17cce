import { describe, expect, it, vi } from 'vitest';
import { Notifier } from './r10_notifier';

function mockedDeps() {
  return {
    transport: { send: vi.fn().mockResolvedValue({ id: 'msg-1' }) },
    templates: { render: vi.fn().mockReturnValue({ subject: 'Welcome', body: 'Hi Ada' }) },
    preferences: { contactFor: vi.fn().mockResolvedValue({ email: 'ada@example.com', muted: [] }) },
    rateLimiter: { allow: vi.fn().mockReturnValue(true) },
    metrics: { increment: vi.fn() },
  };
}

describe('Notifier.notify', () => {
  it('is rate limited per user', async () => {
    const deps = mockedDeps();
    deps.rateLimiter.allow.mockReturnValue(false);
    const outcome = await new Notifier(deps).notify('u1', 'welcome', {});
    expect(outcome).toEqual({ delivered: false, reason: 'rate-limited' });
  });

  it('sends a welcome message', async () => {
    const deps = mockedDeps();

    await new Notifier(deps).notify('u1', 'welcome', { name: 'Ada' });

    expect(deps.preferences.contactFor).toHaveBeenCalledWith('u1');
    expect(deps.rateLimiter.allow).toHaveBeenCalledWith('u1');
    expect(deps.templates.render).toHaveBeenCalledWith('welcome', { name: 'Ada' });
    expect(deps.transport.send).toHaveBeenCalledWith('ada@example.com', 'Welcome', 'Hi Ada');
    expect(deps.metrics.increment).toHaveBeenCalledWith('notify.sent');
  });
});
