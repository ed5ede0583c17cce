export class ParseError extends Error {
  constructor(message: string, readonly position: number) {
    super(`${message} at position ${position}`);
    this.name = 'ParseError';
  }
}

export type Query = Record<string, string | string[]>;

export function parseQuery(input: string): Query {
  const result: Query = {};
  const source = input.startsWith('?') ? input.slice(1) : input;
  if (source === '') return result;
  let offset = input.length - source.length;
  for (const pair of source.split('&')) {
    if (pair === '') throw new ParseError('empty parameter', offset);
    const eq = pair.indexOf('=');
    if (eq === 0) throw new ParseError('missing key', offset);
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    if (rawValue.includes('=')) throw new ParseError('unexpected "="', offset + eq + 1 + rawValue.indexOf('='));
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
    offset += pair.length + 1;
  }
  return result;
}
