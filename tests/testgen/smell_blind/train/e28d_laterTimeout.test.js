import assert from 'node:assert';
import { later } from './e28d_later.js';

describe('later', () => {
  it('runs once after a burst', () => {
    let calls = 0;
    const run = later(() => { calls += 1; }, 10);
    run();
    run();
    setTimeout(() => {
      assert.strictEqual(calls, 1);
    }, 30);
  });
});
