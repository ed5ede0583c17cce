// Runs a function once, `ms` after the last of a burst of calls, with the last arguments.
export function later(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
