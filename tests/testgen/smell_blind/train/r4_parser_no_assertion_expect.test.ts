import { parseIni } from './r4_parser';

describe('parseIni', () => {
  it('numbers become numbers', () => {
    expect(parseIni('n=42').default.n).toBe(42);
  });

  it('later sections override earlier keys', () => {
    const cfg = parseIni('[a]\nx=1\n[a]\nx=2');
    expect(cfg.a.x === 2);
  });
});
