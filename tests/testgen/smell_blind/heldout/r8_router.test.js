const test = require('node:test');
const assert = require('node:assert/strict');
const { Router, RouteError, compile } = require('./r8_router');

function makeRouter() {
  return new Router()
    .on('GET', '/users/:id', (req) => ({ status: 200, body: `user ${req.params.id}` }))
    .on('POST', '/users', () => ({ status: 201, body: 'created' }))
    .on('GET', '/files/*', (req) => ({ status: 200, body: req.params.wildcard }));
}

test('extracts named params', () => {
  const found = makeRouter().match('GET', '/users/42');
  assert.deepEqual(found.params, { id: '42' });
});

test('decodes encoded params and ignores the query string', () => {
  const found = makeRouter().match('get', '/users/a%20b?x=1');
  assert.deepEqual(found.params, { id: 'a b' });
});

test('wildcard captures the rest of the path', () => {
  const res = makeRouter().dispatch({ method: 'GET', url: '/files/docs/a.txt' });
  assert.deepEqual(res, { status: 200, body: 'docs/a.txt' });
});

test('known path with wrong method is 405', () => {
  const res = makeRouter().dispatch({ method: 'DELETE', url: '/users/1' });
  assert.deepEqual(res, { status: 405, body: 'Method Not Allowed' });
});

test('unknown path is 404', () => {
  assert.equal(makeRouter().dispatch({ method: 'GET', url: '/nope' }).status, 404);
});

test('patterns must start with a slash', () => {
  assert.throws(() => compile('users'), { name: 'Error', message: 'pattern must start with "/": users' });
  assert.throws(() => compile('users'), RouteError);
});
