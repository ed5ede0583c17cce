import { describe, it, expect } from 'vitest';
import { parseCsv } from './r6_parseCsv';

describe('parseCsv', () => {
  it('splits simple rows', () => {
    const input = 'a,b,c\n1,2,3';
    const expected = input.split('\n').map((line) => line.split(','));
    expect(parseCsv(input)).toEqual(expected);
  });

  it('maps header rows to objects', () => {
    const input = 'name,age\nAda,36';
    const rows = parseCsv(input);
    const expected = rows.slice(1).map((r) => Object.fromEntries(rows[0].map((n, i) => [n, r[i]])));
    expect(parseCsv(input, { header: true })).toEqual(expected);
  });

  it('is deterministic', () => {
    const input = '"x, y",z';
    expect(parseCsv(input)).toEqual(parseCsv(input));
  });
});
