import assert from 'node:assert';
import { describe, it } from 'node:test';
import { later } from './e28d_later.js';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('later', () => {
  it('runs once after a burst', async () => {
    let calls = 0;
    const run = later(() => { calls += 1; }, 10);
    run();
    run();
    await pause(40);
    assert.strictEqual(calls, 1);
  });
});
