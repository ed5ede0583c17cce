export interface OrderLine {
  sku: string;
  qty: number;
  unitPriceCents: number;
  opened: boolean;
}

export interface Order {
  id: string;
  email: string;
  chargeId: string;
  paidAt: Date;
  lines: OrderLine[];
}

export interface RefundDeps {
  orders: { get(id: string): Promise<Order | null> };
  payments: { refund(chargeId: string, amountCents: number): Promise<{ refundId: string }> };
  inventory: { restock(sku: string, qty: number): Promise<void> };
  ledger: { record(entry: { orderId: string; amountCents: number; refundId: string }): Promise<void> };
  notifier: { refundIssued(email: string, amountCents: number): Promise<void> };
  audit: { log(event: string, details: Record<string, unknown>): void };
  clock: { now(): Date };
}

export type RefundErrorCode = 'ORDER_NOT_FOUND' | 'WINDOW_EXPIRED' | 'NOTHING_TO_REFUND';

export class RefundError extends Error {
  constructor(public readonly code: RefundErrorCode) {
    super(code);
  }
}

export const REFUND_WINDOW_DAYS = 30;
export const RESTOCKING_FEE_PERCENT = 10;
const DAY_MS = 86_400_000;

export function refundableAmount(lines: OrderLine[]): number {
  return lines.reduce((sum, line) => {
    const gross = line.unitPriceCents * line.qty;
    const fee = line.opened ? Math.round((gross * RESTOCKING_FEE_PERCENT) / 100) : 0;
    return sum + gross - fee;
  }, 0);
}

export class RefundService {
  constructor(private readonly deps: RefundDeps) {}

  async refund(orderId: string, opts: { skus?: string[]; reason: string }) {
    const { orders, payments, inventory, ledger, notifier, audit, clock } = this.deps;
    const order = await orders.get(orderId);
    if (!order) throw new RefundError('ORDER_NOT_FOUND');
    if (clock.now().getTime() - order.paidAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) {
      throw new RefundError('WINDOW_EXPIRED');
    }
    const lines = opts.skus ? order.lines.filter((l) => opts.skus!.includes(l.sku)) : order.lines;
    const amountCents = refundableAmount(lines);
    if (amountCents <= 0) throw new RefundError('NOTHING_TO_REFUND');

    const { refundId } = await payments.refund(order.chargeId, amountCents);
    for (const line of lines) {
      if (!line.opened) await inventory.restock(line.sku, line.qty);
    }
    await ledger.record({ orderId, amountCents, refundId });
    await notifier.refundIssued(order.email, amountCents);
    audit.log('refund.issued', { orderId, amountCents, reason: opts.reason });
    return { refundId, amountCents, restocked: lines.filter((l) => !l.opened).map((l) => l.sku) };
  }
}
