import { describe, it, vi } from 'vitest';
import { EventBus } from './eventBus';

describe('EventBus.once', () => {
  it('fires the handler a single time', () => {
    const bus = new EventBus();
    const handler = vi.fn();
  });

  it('removes the listener before invoking it', () => {});
});
