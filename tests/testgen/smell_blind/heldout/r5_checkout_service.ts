import { taxFor } from './r5_tax';

export interface LineItem { sku: string; qty: number; unitPriceCents: number }
export interface Inventory { reserve(sku: string, qty: number): Promise<boolean>; release(sku: string, qty: number): Promise<void> }
export interface PaymentGateway { charge(customerId: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }> }
export interface Mailer { sendReceipt(customerId: string, orderId: string, totalCents: number): Promise<void> }
export interface Clock { now(): Date }
export interface IdGenerator { next(): string }

export class OutOfStockError extends Error {
  constructor(public readonly sku: string) {
    super(`out of stock: ${sku}`);
    this.name = 'OutOfStockError';
  }
}

export interface Receipt { orderId: string; subtotalCents: number; taxCents: number; totalCents: number; chargeId: string; placedAt: string }

export class CheckoutService {
  constructor(
    private readonly inventory: Inventory,
    private readonly payments: PaymentGateway,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async checkout(customerId: string, state: string, lines: LineItem[]): Promise<Receipt> {
    if (lines.length === 0) throw new Error('cannot checkout an empty order');
    const reserved: LineItem[] = [];
    try {
      for (const line of lines) {
        if (!(await this.inventory.reserve(line.sku, line.qty))) throw new OutOfStockError(line.sku);
        reserved.push(line);
      }
      const subtotalCents = lines.reduce((s, l) => s + l.qty * l.unitPriceCents, 0);
      const taxCents = taxFor(state, subtotalCents);
      const totalCents = subtotalCents + taxCents;
      const orderId = this.ids.next();
      const charge = await this.payments.charge(customerId, totalCents, orderId);
      await this.mailer.sendReceipt(customerId, orderId, totalCents);
      return { orderId, subtotalCents, taxCents, totalCents, chargeId: charge.id, placedAt: this.clock.now().toISOString() };
    } catch (err) {
      for (const line of reserved) await this.inventory.release(line.sku, line.qty);
      throw err;
    }
  }
}
