'use strict';

// Parses search filters like: status:paid total>=1000 customer:"Acme Ltd" -refunded
const TOKEN = /(-)?(\w+)(:|>=|<=|>|<)("[^"]*"|\S+)|(-)?"([^"]*)"|(-)?(\S+)/g;
const NUMERIC_OPS = new Set(['>=', '<=', '>', '<']);

class QueryParseError extends Error {}

function parseValue(raw) {
  if (raw.startsWith('"')) return raw.slice(1, -1);
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}

function parseQuery(input) {
  const filters = [];
  const terms = [];
  if (typeof input !== 'string') throw new QueryParseError('query must be a string');
  for (const m of input.trim().matchAll(TOKEN)) {
    if (m[2]) {
      const value = parseValue(m[4]);
      if (NUMERIC_OPS.has(m[3]) && typeof value !== 'number') {
        throw new QueryParseError(`operator ${m[3]} needs a number, got ${m[4]}`);
      }
      filters.push({ field: m[2], op: m[3], value, negate: Boolean(m[1]) });
    } else if (m[6] !== undefined) {
      terms.push({ text: m[6], negate: Boolean(m[5]) });
    } else if (m[8]) {
      terms.push({ text: m[8], negate: Boolean(m[7]) });
    }
  }
  return { filters, terms };
}

function toSql({ filters }) {
  const params = [];
  const clauses = filters.map((f) => {
    params.push(f.value);
    const op = f.op === ':' ? '=' : f.op;
    const clause = `${f.field} ${op} $${params.length}`;
    return f.negate ? `NOT (${clause})` : clause;
  });
  return { where: clauses.join(' AND '), params };
}

module.exports = { parseQuery, toSql, parseValue, QueryParseError };
