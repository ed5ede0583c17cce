import { Basket, Catalog } from './e28b_shelf';

test('the basket total uses the catalog price of each line', () => {
  const catalog = new Catalog();
  const price = jest.spyOn(catalog, 'price').mockReturnValue(2.5);
  const basket = new Basket(catalog);
  basket.add('PEN', 3);
  basket.add('PAD');
  expect(basket.total()).toBe(10);
  expect(price).toHaveBeenCalledWith('PEN');
});
