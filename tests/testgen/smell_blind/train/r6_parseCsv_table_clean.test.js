import { describe, it, expect } from 'vitest';
import { parseCsv } from './r6_parseCsv';

describe('parseCsv', () => {
  it.each([
    ['plain', 'a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['quoted delimiter', '"x, y",z', [['x, y', 'z']]],
    ['escaped quote', '"say ""hi""",ok', [['say "hi"', 'ok']]],
    ['CRLF endings', 'a\r\nb\r\n', [['a'], ['b']]],
    ['empty trailing field', 'a,', [['a', '']]],
    ['empty input', '', []],
  ])('%s', (_label, input, expected) => {
    expect(parseCsv(input)).toEqual(expected);
  });

  it('uses the first row as keys when header is set', () => {
    expect(parseCsv('name,age\nAda,36\nAlan', { header: true })).toEqual([
      { name: 'Ada', age: '36' },
      { name: 'Alan', age: '' },
    ]);
  });

  it('reports an unterminated quote', () => {
    expect(() => parseCsv('"open,field')).toThrowError(new SyntaxError('unterminated quoted field'));
  });
});
