'use strict';

function debounce(fn, waitMs, { leading = false } = {}) {
  let timer = null;
  let lastArgs;
  const debounced = (...args) => {
    lastArgs = args;
    const callNow = leading && timer === null;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!leading) fn(...lastArgs);
    }, waitMs);
    if (callNow) fn(...args);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  return debounced;
}

function throttle(fn, intervalMs, now = Date.now) {
  let last = -Infinity;
  return (...args) => {
    const t = now();
    if (t - last >= intervalMs) {
      last = t;
      return fn(...args);
    }
    return undefined;
  };
}

module.exports = { debounce, throttle };
