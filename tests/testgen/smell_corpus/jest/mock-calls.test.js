// smells: none
const { each } = require('./iterate');

test('the callback gets each item and its index', () => {
  const callback = jest.fn();
  each(['a', 'b'], callback);
  expect(callback.mock.calls).toEqual([['a', 0], ['b', 1]]);
});
