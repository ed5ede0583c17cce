'use strict';
// A small shop's stock: what is on hand and held per SKU, its labels, and stock rows read
// from a database (subject of the fifth engineer round's look-alikes, issue 28).

class UnknownSkuError extends Error {}

function labelKey(label) {
  return label.trim().split(/\s+/).join(' ').toLowerCase();
}

function parseSince(text) {
  return new Date(text);
}

class Stock {
  constructor(db) {
    this.db = db;
    this.onHand = new Map();
    this.held = new Map();
    this.labels = new Map();
  }

  receive(sku, quantity) {
    if (quantity <= 0) throw new RangeError('quantity must be positive');
    this.onHand.set(sku, (this.onHand.get(sku) ?? 0) + quantity);
  }

  available(sku) {
    if (!this.onHand.has(sku)) throw new UnknownSkuError(sku);
    return this.onHand.get(sku) - (this.held.get(sku) ?? 0);
  }

  reserve(sku, quantity) {
    const free = this.available(sku);
    if (quantity > free) throw new RangeError(`only ${free} of ${sku} left`);
    this.held.set(sku, (this.held.get(sku) ?? 0) + quantity);
    return free - quantity;
  }

  findByLabel(label) {
    return this.labels.get(labelKey(label)) ?? null;
  }

  addLabel(sku, label) {
    if (this.findByLabel(label) !== null) throw new Error(`label ${label} taken`);
    this.labels.set(labelKey(label), sku);
    return sku;
  }

  keyOf(label) {
    return labelKey(label);
  }

  async row(sku) {
    const rows = await this.db.query('SELECT * FROM stock WHERE sku = $1', [sku]);
    if (rows.length === 0) throw new UnknownSkuError(sku);
    const [row] = rows;
    return { sku: row.sku, quantity: Number(row.quantity), since: parseSince(row.since) };
  }
}

module.exports = { Stock, UnknownSkuError, labelKey, parseSince };
