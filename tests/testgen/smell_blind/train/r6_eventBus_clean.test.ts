import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventBus } from './r6_eventBus';

test('handlers run in subscription order and are awaited', async () => {
  const bus = new EventBus();
  const log: string[] = [];
  bus.on('order.created', async (e) => {
    await Promise.resolve();
    log.push(`first:${e.id}`);
  });
  bus.on('order.created', (e) => {
    log.push(`second:${e.id}`);
  });

  await bus.emit('order.created', { id: 7, total: 100 });

  assert.deepEqual(log, ['first:7', 'second:7']);
});

test('a throwing handler does not stop the others and its error is returned', async () => {
  const bus = new EventBus();
  const delivered: number[] = [];
  bus.on('order.paid', () => {
    throw new Error('audit service down');
  });
  bus.on('order.paid', (e) => {
    delivered.push(e.id);
  });

  const errors = await bus.emit('order.paid', { id: 9, method: 'card' });

  assert.deepEqual(delivered, [9]);
  assert.deepEqual(errors.map((e) => e.message), ['audit service down']);
});

test('unsubscribe removes the handler', async () => {
  const bus = new EventBus();
  const off = bus.on('order.cancelled', () => {});
  off();
  assert.equal(bus.listenerCount('order.cancelled'), 0);
});
