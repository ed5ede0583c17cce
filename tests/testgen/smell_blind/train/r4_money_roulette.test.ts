import { Money } from './r4_money';

describe('Money', () => {
  test('sum of two amounts', () => {
    expect(Money.of(1.1, 'EUR').add(Money.of(2.2, 'EUR')).minor).toBe(330);
  });

  test('money behaves', () => {
    const a = Money.of(10, 'USD');
    const b = new Money(250, 'USD');
    const y = Money.of(99, 'JPY');
    expect(a.minor).toBe(1000);
    expect(b.format()).toBe('2.50 USD');
    expect(a.add(b).minor).toBe(1250);
    expect(y.format()).toBe('99 JPY');
    expect(() => new Money(1.5, 'EUR')).toThrow(RangeError);
    expect(a.allocate([1, 3]).map((m) => m.minor)).toEqual([250, 750]);
    expect(() => a.add(y)).toThrow(TypeError);
    expect(y.currency).toBe('JPY');
    expect(Money.of(0.1, 'EUR').minor + Money.of(0.2, 'EUR').minor).toBe(30);
  });
});
