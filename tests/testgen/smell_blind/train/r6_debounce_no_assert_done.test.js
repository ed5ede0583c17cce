const assert = require('assert');
const { debounce } = require('./r6_debounce');

describe('debounce', function () {
  it('eventually calls through with the latest value', function (done) {
    const debounced = debounce((value) => {
      assert.strictEqual(value, 'latest');
    }, 20);

    debounced('first');
    debounced('latest');
    done();
  });

  it('reports pending state', function () {
    const debounced = debounce(() => {}, 20);
    debounced();
    setTimeout(() => {
      assert.strictEqual(debounced.pending(), false);
    }, 50);
    debounced.cancel();
  });
});
