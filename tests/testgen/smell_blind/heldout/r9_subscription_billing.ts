export interface Plan {
  id: string;
  monthlyCents: number;
}

export const PLANS: Record<string, Plan> = {
  basic: { id: 'basic', monthlyCents: 1000 },
  pro: { id: 'pro', monthlyCents: 3000 },
  team: { id: 'team', monthlyCents: 9000 },
};

export interface Subscription {
  customerId: string;
  planId: string;
  seats: number;
  periodStart: Date;
  periodEnd: Date;
}

export interface InvoiceLine {
  description: string;
  amountCents: number;
}

const DAY_MS = 86_400_000;

export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

export class BillingService {
  constructor(private readonly plans: Record<string, Plan> = PLANS) {}

  planPrice(planId: string, seats: number): number {
    const plan = this.plans[planId];
    if (!plan) throw new Error(`Unknown plan: ${planId}`);
    if (!Number.isInteger(seats) || seats < 1) throw new RangeError('seats must be a positive integer');
    return plan.monthlyCents * seats;
  }

  /** Credit (negative) or charge (positive) for switching plans mid-period. */
  prorate(sub: Subscription, newPlanId: string, changeDate: Date): number {
    if (changeDate < sub.periodStart || changeDate > sub.periodEnd) {
      throw new RangeError('change date outside the current period');
    }
    const totalDays = daysBetween(sub.periodStart, sub.periodEnd);
    const remainingDays = daysBetween(changeDate, sub.periodEnd);
    const oldDaily = this.planPrice(sub.planId, sub.seats) / totalDays;
    const newDaily = this.planPrice(newPlanId, sub.seats) / totalDays;
    return Math.round((newDaily - oldDaily) * remainingDays);
  }

  renewalInvoice(sub: Subscription, couponPercent = 0): { lines: InvoiceLine[]; totalCents: number } {
    if (couponPercent < 0 || couponPercent > 100) throw new RangeError('coupon must be 0-100%');
    const base = this.planPrice(sub.planId, sub.seats);
    const lines: InvoiceLine[] = [{ description: `${sub.planId} x ${sub.seats}`, amountCents: base }];
    if (couponPercent > 0) {
      lines.push({ description: `coupon ${couponPercent}%`, amountCents: -Math.round((base * couponPercent) / 100) });
    }
    return { lines, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
  }
}
