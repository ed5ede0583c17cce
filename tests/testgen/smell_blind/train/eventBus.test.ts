import { describe, expect, it, vi } from 'vitest';
import { EventBus } from './eventBus';

describe('EventBus', () => {
  it('delivers the payload to every subscriber and returns the count', () => {
    const bus = new EventBus();
    const audit = vi.fn();
    const mailer = vi.fn();
    bus.on('order.placed', audit);
    bus.on('order.placed', mailer);

    const delivered = bus.emit('order.placed', { id: 'o1' });

    expect(delivered).toBe(2);
    expect(audit).toHaveBeenCalledWith({ id: 'o1' });
    expect(mailer).toHaveBeenCalledWith({ id: 'o1' });
  });

  it('once() handlers run for the first emit only', () => {
    const bus = new EventBus();
    const handler = vi.fn();
    bus.once('ping', handler);

    bus.emit('ping', 'first');
    bus.emit('ping', 'second');

    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('first');
  });

  it('the unsubscribe function stops delivery', () => {
    const bus = new EventBus();
    const off = bus.on('tick', () => undefined);
    off();
    expect(bus.emit('tick', null)).toBe(0);
  });
});
