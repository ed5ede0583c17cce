import { Money } from './r8_money';

describe('Money', () => {
  test('of() converts to minor units', () => {
    expect(Money.of(9.99, 'USD').minor).toBe(999);
  });

  test('multiply applies a VAT factor', () => {
    const net = Money.of(19.99, 'EUR');
    const gross = net.multiply(1.19);
    expect(gross.minor).toBe(Math.round(net.minor * 1.19));
  });

  test('allocate splits the full amount', () => {
    const total = Money.of(10, 'EUR');
    const parts = total.allocate([1, 2]);
    expect(parts).toEqual(total.allocate([1, 2]));
  });

  test('subtract of different currencies throws', () => {
    expect(() => Money.of(5, 'EUR').subtract(Money.of(5, 'JPY'))).toThrow('cannot combine EUR with JPY');
  });
});
