export interface OrderDeps {
  customers: { get(id: string): Promise<{ id: string; email: string; tier: 'basic' | 'gold' }> };
  stock: { reserve(sku: string, qty: number): Promise<void> };
  pricing: { quote(sku: string, qty: number, tier: string): number };
  payments: { charge(customerId: string, amount: number): Promise<{ id: string }>; refund(chargeId: string): Promise<void> };
  orders: { save(order: object): Promise<string>; find(id: string): Promise<{ id: string; chargeId: string; status: string }> ; markRefunded(id: string): Promise<void> };
  mailer: { send(to: string, template: string, data: object): Promise<void> };
  events: { publish(topic: string, data: object): void };
  clock: { now(): Date };
}

export class OrderService {
  constructor(private readonly deps: OrderDeps) {}

  async placeOrder(customerId: string, sku: string, qty: number): Promise<string> {
    const { customers, stock, pricing, payments, orders, mailer, events, clock } = this.deps;
    const customer = await customers.get(customerId);
    await stock.reserve(sku, qty);
    const amount = pricing.quote(sku, qty, customer.tier);
    const charge = await payments.charge(customerId, amount);
    const orderId = await orders.save({ customerId, sku, qty, amount, chargeId: charge.id, placedAt: clock.now() });
    await mailer.send(customer.email, 'order-confirmation', { orderId, amount });
    events.publish('order.placed', { orderId, amount });
    return orderId;
  }

  async refund(orderId: string): Promise<void> {
    const order = await this.deps.orders.find(orderId);
    if (order.status === 'refunded') throw new Error(`order ${orderId} already refunded`);
    await this.deps.payments.refund(order.chargeId);
    await this.deps.orders.markRefunded(orderId);
    this.deps.events.publish('order.refunded', { orderId });
  }
}
