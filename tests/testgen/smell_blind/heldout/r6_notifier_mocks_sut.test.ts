import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifier } from './r6_notifier';

describe('Notifier', () => {
  const notifier = new Notifier(
    { findById: vi.fn() },
    { send: vi.fn() },
    { send: vi.fn() },
    { render: vi.fn() },
    { now: () => new Date() },
    { isEnabled: () => true },
    { info: vi.fn(), warn: vi.fn() },
  );

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('uses sms for users who prefer it', async () => {
    const spy = vi.spyOn(notifier, 'notifyShipped').mockResolvedValue('sms');

    const channel = await notifier.notifyShipped('u1', 'o1');

    expect(channel).toBe('sms');
    expect(spy).toHaveBeenCalledWith('u1', 'o1');
  });

  it('returns none for unknown users', async () => {
    vi.spyOn(Notifier.prototype, 'notifyShipped').mockImplementation(async () => 'none');
    await expect(notifier.notifyShipped('ghost', 'o1')).resolves.toBe('none');
  });
});
