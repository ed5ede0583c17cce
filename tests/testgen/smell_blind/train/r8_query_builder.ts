export type Value = string | number | boolean | null;

export interface Query {
  text: string;
  params: Value[];
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function quoteIdent(name: string): string {
  if (!IDENT.test(name)) throw new Error(`invalid identifier: ${name}`);
  return `"${name}"`;
}

export class SelectBuilder {
  private columns: string[] = ['*'];
  private wheres: { sql: string; value: Value }[] = [];
  private order: string[] = [];
  private limitValue?: number;

  constructor(private readonly table: string) {}

  select(...columns: string[]): this {
    this.columns = columns.map(quoteIdent);
    return this;
  }

  where(column: string, op: '=' | '<' | '>' | '<=' | '>=' | '<>', value: Value): this {
    if (value === null) {
      if (op !== '=' && op !== '<>') throw new Error(`operator ${op} cannot compare with NULL`);
      this.wheres.push({ sql: `${quoteIdent(column)} IS ${op === '=' ? '' : 'NOT '}NULL`, value: null });
    } else {
      this.wheres.push({ sql: `${quoteIdent(column)} ${op} ?`, value });
    }
    return this;
  }

  orderBy(column: string, dir: 'asc' | 'desc' = 'asc'): this {
    this.order.push(`${quoteIdent(column)} ${dir.toUpperCase()}`);
    return this;
  }

  limit(n: number): this {
    if (!Number.isInteger(n) || n < 0) throw new Error(`invalid limit: ${n}`);
    this.limitValue = n;
    return this;
  }

  build(): Query {
    const params: Value[] = [];
    let text = `SELECT ${this.columns.join(', ')} FROM ${quoteIdent(this.table)}`;
    const clauses = this.wheres.map((w, i) => {
      if (!w.sql.endsWith('?')) return w.sql;
      params.push(w.value);
      return w.sql.replace('?', `$${params.length}`);
    });
    if (clauses.length) text += ` WHERE ${clauses.join(' AND ')}`;
    if (this.order.length) text += ` ORDER BY ${this.order.join(', ')}`;
    if (this.limitValue !== undefined) text += ` LIMIT ${this.limitValue}`;
    return { text, params };
  }
}

export const from = (table: string) => new SelectBuilder(table);
