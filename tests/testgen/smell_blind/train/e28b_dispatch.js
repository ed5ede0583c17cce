export class Dispatcher {
  constructor({ stock, rates, carrier, labels, audit }) {
    Object.assign(this, { stock, rates, carrier, labels, audit });
  }

  async dispatch(orderId, items, country) {
    const missing = [];
    for (const sku of items) if (!(await this.stock.reserve(sku))) missing.push(sku);
    if (missing.length) {
      this.audit.record(orderId, 'short', missing);
      return { order: orderId, status: 'short', missing };
    }
    const price = await this.rates.quote(country, items.length);
    const tracking = await this.carrier.book(orderId, country);
    const label = this.labels.render(orderId, tracking);
    this.audit.record(orderId, 'sent', tracking);
    return { order: orderId, status: 'sent', price, tracking, label };
  }
}
