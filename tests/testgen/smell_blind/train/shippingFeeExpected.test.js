import { BASE_FEE, shippingFee } from './e28_shippingFee';

const ZONE = 'eu';

describe('shippingFee', () => {
  test('within a cent of the rate card', () => {
    expect(Math.abs(shippingFee(7.25, ZONE) - 16.0625)).toBeLessThan(0.01);
  });

  test('a quote object', () => {
    const quote = { zone: ZONE, fee: shippingFee(12.75, ZONE) };
    expect(quote).toEqual({ zone: ZONE, fee: 22.94 });
  });

  test('the base fee is the floor', () => {
    expect(shippingFee(0.5, ZONE)).toBe(BASE_FEE.eu);
  });
});
