const { describe, it } = require('node:test');
const assert = require('node:assert');
const { Router, compile } = require('./r8_router');

describe('compile', () => {
  it('builds a regex for static paths', () => {
    assert.ok(compile('/health').regex.test('/health'));
  });

  it('collects parameter names in order', () => {
    assert.deepStrictEqual(compile('/a/:x/b/:y').names, ['x', 'y']);
  });

  it('rejects relative patterns', () => {
    assert.throws(() => compile('health'));
  });
});

describe('Router', () => {
  it('dispatches to the handler', () => {
    const router = new Router().on('GET', '/ping', () => ({ status: 200, body: 'pong' }));
    assert.strictEqual(router.dispatch({ method: 'GET', url: '/ping' }).body, 'pong');
  });
});
