import { BillingService, Subscription } from './r9_subscription_billing';

// A 30-day March period keeps the daily rates easy to check by hand.
function marchSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    customerId: 'cus_1',
    planId: 'basic',
    seats: 1,
    periodStart: new Date('2024-03-01T00:00:00Z'),
    periodEnd: new Date('2024-03-31T00:00:00Z'),
    ...overrides,
  };
}

const MID_PERIOD = new Date('2024-03-16T00:00:00Z'); // 15 of 30 days left

describe('BillingService', () => {
  const billing = new BillingService();

  test.each([
    ['basic', 1, 1000],
    ['pro', 3, 9000],
    ['team', 2, 18000],
  ])('planPrice(%s, %i seats) = %i', (planId, seats, expected) => {
    expect(billing.planPrice(planId, seats)).toBe(expected);
  });

  test.each([
    ['upgrade basic -> pro, 1 seat', { planId: 'basic', seats: 1 }, 'pro', 1000],
    ['upgrade basic -> pro, 2 seats', { planId: 'basic', seats: 2 }, 'pro', 2000],
    ['downgrade pro -> basic', { planId: 'pro', seats: 1 }, 'basic', -1000],
  ])('prorate: %s at mid-period', (_label, sub, newPlan, expected) => {
    expect(billing.prorate(marchSubscription(sub), newPlan as string, MID_PERIOD)).toBe(expected);
  });

  test('prorated amounts are rounded to whole cents', () => {
    // 2000 / 30 * 10 days = 666.67
    expect(billing.prorate(marchSubscription(), 'pro', new Date('2024-03-21T00:00:00Z'))).toBe(667);
  });

  test('renewal invoice lists the coupon as a negative line', () => {
    expect(billing.renewalInvoice(marchSubscription({ planId: 'pro', seats: 3 }), 15)).toEqual({
      lines: [
        { description: 'pro x 3', amountCents: 9000 },
        { description: 'coupon 15%', amountCents: -1350 },
      ],
      totalCents: 7650,
    });
  });

  test('a change date outside the period is rejected', () => {
    expect(() => billing.prorate(marchSubscription(), 'pro', new Date('2024-04-02T00:00:00Z')))
      .toThrow(new RangeError('change date outside the current period'));
  });
});
