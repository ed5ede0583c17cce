import { describe, expect, it } from 'vitest';
import { Fare } from './e28d_fare';

describe('Fare', () => {
  it('adds cents', () => {
    expect(Fare.euros(1.5).plus(Fare.euros(2)).cents).toBe(350);
  });

  it('adds a zero fare', () => {
    const base = Fare.euros(2.5);
    const zero = Fare.euros(0);
    expect(base.plus(zero).cents).toBe(250);
  });
});
