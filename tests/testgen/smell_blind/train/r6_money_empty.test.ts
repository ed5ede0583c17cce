import { describe, test } from 'node:test';
import { Money } from './r6_money';

describe('Money', () => {
  test('multiply rounds half away from zero', () => {});

  test('format respects locale', async () => {
    // TODO(pricing): enable once de-DE formatting is agreed
    // assert.equal(Money.cents(123456).format('de-DE'), '1.234,56 €');
  });

  test('allocate with a zero ratio', () => {
    const money = Money.cents(100);
    const ratios = [0, 1];
    void money;
    void ratios;
  });
});
