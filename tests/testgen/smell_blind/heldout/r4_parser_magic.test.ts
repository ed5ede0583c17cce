import { parseIni } from './r4_parser';

describe('parseIni', () => {
  test('strips quotes', () => {
    expect(parseIni('name="x y"')).toEqual({ default: { name: 'x y' } });
  });

  test('large generated file keeps every key', () => {
    const lines: string[] = [];
    for (let i = 0; i < 347; i += 3) lines.push(`k${i}=${i * 17 + 5}`);
    const cfg = parseIni(lines.join('\n'));
    expect(Object.keys(cfg.default)).toHaveLength(116);
    expect(cfg.default.k345).toBe(5870);
  });
});
