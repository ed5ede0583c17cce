import { afterEach, describe, expect, it } from 'vitest';
import { Heartbeat, TimeoutError, delay, withTimeout } from './r6_scheduler';

describe('Heartbeat', () => {
  let hb: Heartbeat | undefined;
  afterEach(() => hb?.stop());

  it('beats once per interval', async () => {
    const seen: number[] = [];
    hb = new Heartbeat(100, (n) => seen.push(n));
    hb.start();

    await new Promise((r) => setTimeout(r, 350));

    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('withTimeout', () => {
  it('rejects slow tasks with TimeoutError', async () => {
    await expect(withTimeout(() => delay(500), 200)).rejects.toBeInstanceOf(TimeoutError);
  });
});
