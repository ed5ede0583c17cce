// smells: no_assertion
const { throttle } = require('./throttle');

test('throttles calls', (done) => {
  const throttled = throttle(() => console.log('tick'), 50);
  throttled();
  throttled();
  setTimeout(done, 120);
});
