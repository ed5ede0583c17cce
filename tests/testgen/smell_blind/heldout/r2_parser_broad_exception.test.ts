import { parseQuery } from './r2_parser';

describe('parseQuery errors', () => {
  it('rejects a double equals sign', () => {
    expect(() => parseQuery('a==')).toThrow();
  });

  it('rejects an empty parameter', () => {
    expect(() => parseQuery('a=1&&b=2')).toThrow();
  });

  it('rejects a missing key', () => {
    expect(() => parseQuery('=x')).toThrowError();
  });

  it('parses a single pair', () => {
    expect(parseQuery('a=1')).toEqual({ a: '1' });
  });
});
