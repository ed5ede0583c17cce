import { BillingService, Subscription } from './r9_subscription_billing';

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    customerId: 'cus_1',
    planId: 'basic',
    seats: 1,
    periodStart: new Date('2024-03-01T00:00:00Z'),
    periodEnd: new Date('2024-03-31T00:00:00Z'),
    ...overrides,
  };
}

describe('BillingService', () => {
  const billing = new BillingService();

  afterEach(() => jest.restoreAllMocks());

  it('prices a plan per seat', () => {
    expect(billing.planPrice('pro', 3)).toBe(9000);
  });

  it('charges the difference when upgrading mid-period', () => {
    const prorate = jest.spyOn(billing, 'prorate').mockReturnValue(1000);

    const charge = billing.prorate(subscription(), 'pro', new Date('2024-03-16T00:00:00Z'));

    expect(charge).toBe(1000);
    expect(prorate).toHaveBeenCalledWith(subscription(), 'pro', new Date('2024-03-16T00:00:00Z'));
  });

  it('applies a coupon to the renewal invoice', () => {
    jest.spyOn(BillingService.prototype, 'planPrice').mockReturnValue(9000);

    const invoice = billing.renewalInvoice(subscription({ planId: 'pro', seats: 3 }), 15);

    expect(invoice.totalCents).toBe(7650);
  });

  it('rejects unknown plans', () => {
    expect(() => billing.planPrice('enterprise', 1)).toThrow('Unknown plan: enterprise');
  });
});
