import { Money, CurrencyMismatchError } from './r2_money';

describe('Money', () => {
  describe('allocate', () => {
    it('distributes the remainder to the first parts', () => {
      // pending product decision on who gets the extra cent
    });

    it('throws on zero ratios', () => {});
  });

  describe('add', () => {
    it('refuses to add different currencies', () => {
      return;
    });
  });
});
