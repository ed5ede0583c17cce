'use strict';

class NotFoundError extends Error {
  constructor(id) {
    super(`Order ${id} not found`);
    this.name = 'NotFoundError';
  }
}

const VALID_STATUSES = ['pending', 'paid', 'shipped', 'cancelled'];

class OrderRepository {
  constructor(db) {
    this.db = db; // { query(sql, params) => Promise<rows> }
  }

  async findById(id) {
    const rows = await this.db.query('SELECT * FROM orders WHERE id = $1', [id]);
    if (rows.length === 0) throw new NotFoundError(id);
    return this._toOrder(rows[0]);
  }

  async findByCustomer(customerId, { status } = {}) {
    const params = [customerId];
    let sql = 'SELECT * FROM orders WHERE customer_id = $1';
    if (status) {
      params.push(status);
      sql += ' AND status = $2';
    }
    const rows = await this.db.query(`${sql} ORDER BY created_at DESC`, params);
    return rows.map((r) => this._toOrder(r));
  }

  async updateStatus(id, status) {
    if (!VALID_STATUSES.includes(status)) {
      throw new RangeError(`Invalid status: ${status}`);
    }
    const rows = await this.db.query('UPDATE orders SET status = $2 WHERE id = $1 RETURNING *', [id, status]);
    if (rows.length === 0) throw new NotFoundError(id);
    return this._toOrder(rows[0]);
  }

  _toOrder(row) {
    return {
      id: row.id,
      customerId: row.customer_id,
      status: row.status,
      totalCents: Number(row.total_cents),
      createdAt: new Date(row.created_at),
    };
  }
}

module.exports = { OrderRepository, NotFoundError, VALID_STATUSES };
