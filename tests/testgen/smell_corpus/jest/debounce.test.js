// smells: none
const { debounce } = require('./debounce');

jest.useFakeTimers();

test('only the last call within the window runs', () => {
  const fn = jest.fn();
  const debounced = debounce(fn, 300);
  debounced('a');
  debounced('b');
  jest.advanceTimersByTime(299);
  expect(fn).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(fn).toHaveBeenCalledWith('b');
});
