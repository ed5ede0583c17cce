// smells: excessive_mocking
jest.mock('./stripe');
jest.mock('./inventory');
jest.mock('./shipping');
jest.mock('./tax');
jest.mock('./email');
const { checkout } = require('./checkout');

test('checkout charges the card', async () => {
  const onPaid = jest.fn();
  const onFailed = jest.fn();
  await checkout({ cart: [], card: 'tok' }, { onPaid, onFailed });
  expect(onPaid).toHaveBeenCalled();
});
