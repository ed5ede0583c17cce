import { test, expect } from 'vitest';
import { parseCsv } from './r6_parseCsv';

test('parseCsv', () => {
  expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  expect(parseCsv('')).toEqual([]);
  expect(parseCsv('a;b', { delimiter: ';' })).toEqual([['a', 'b']]);
  expect(parseCsv('"q"')).toEqual([['q']]);
  expect(parseCsv('a\r\nb')).toHaveLength(2);
  expect(parseCsv('x,y\n1,2', { header: true })[0].x).toBe('1');
  expect(() => parseCsv('"')).toThrow(SyntaxError);
  expect(parseCsv('"a""b"')[0][0]).toBe('a"b');
  expect(parseCsv('a,')[0]).toHaveLength(2);
  expect(parseCsv('1,2,3').flat().length).toBe(3);
  expect(Array.isArray(parseCsv('z'))).toBe(true);
});
