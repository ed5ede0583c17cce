import { expect } from 'chai';
import { EventBus } from './r6_eventBus';

describe('EventBus', () => {
  it('delivers the payload to subscribers', async () => {
    const bus = new EventBus();
    bus.on('order.paid', (e) => {
      expect(e.id).to.equal(1);
      expect(e.method).to.equal('card');
    });

    await bus.emit('order.created', { id: 1, total: 500 });
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = new EventBus();
    const off = bus.on('order.cancelled', () => {
      throw new Error('should not be called');
    });
    off();
    await bus.emit('order.cancelled', { id: 2, reason: 'changed mind' });
  });

  it('collects handler errors', async () => {
    const bus = new EventBus();
    bus.on('order.created', () => {
      throw new Error('boom');
    });
    const errors = await bus.emit('order.created', { id: 3, total: 0 });
    if (errors.length === 0) {
      expect.fail('expected an error to be collected');
    }
  });
});
