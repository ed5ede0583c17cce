// smells: mocks_sut
jest.mock('./pricing', () => ({
  ...jest.requireActual('./pricing'),
  applyCoupon: jest.fn(() => 5),
}));
const { applyCoupon } = require('./pricing');

test('a coupon takes five off', () => {
  expect(applyCoupon(20, 'FIVE')).toBe(5);
});
