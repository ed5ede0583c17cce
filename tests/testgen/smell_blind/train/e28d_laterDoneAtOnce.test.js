import assert from 'node:assert';
import { later } from './e28d_later.js';

describe('later', () => {
  it('passes the last arguments of a burst', (done) => {
    const run = later((word) => {
      assert.strictEqual(word, 'c');
    }, 10);
    run('a');
    run('b');
    run('c');
    done();
  });
});
