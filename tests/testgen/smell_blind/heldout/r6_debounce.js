'use strict';

/**
 * Returns a debounced version of fn: it runs `wait` ms after the last call,
 * with the arguments of that last call. `.flush()` runs a pending call now,
 * `.cancel()` drops it.
 */
function debounce(fn, wait) {
  let timer = null;
  let pendingArgs = null;

  function debounced(...args) {
    pendingArgs = args;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, wait);
  }

  function run() {
    timer = null;
    const args = pendingArgs;
    pendingArgs = null;
    fn(...args);
  }

  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
  };

  debounced.flush = () => {
    if (timer) {
      clearTimeout(timer);
      run();
    }
  };

  debounced.pending = () => timer !== null;

  return debounced;
}

module.exports = { debounce };
