export type TokenType = 'number' | 'operator' | 'lparen' | 'rparen' | 'identifier';

export interface Token {
  type: TokenType;
  value: string;
  pos: number;
}

const PATTERNS: Array<[TokenType, RegExp]> = [
  ['number', /^\d+(\.\d+)?/],
  ['identifier', /^[A-Za-z_]\w*/],
  ['operator', /^[-+*/^]/],
  ['lparen', /^\(/],
  ['rparen', /^\)/],
];

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < source.length) {
    if (source[pos] === ' ') { pos += 1; continue; }
    const rest = source.slice(pos);
    const hit = PATTERNS.map(([type, re]) => [type, re.exec(rest)] as const).find(([, m]) => m);
    if (!hit) throw new SyntaxError(`unexpected character '${source[pos]}' at ${pos}`);
    const [type, match] = hit;
    tokens.push({ type, value: match![0], pos });
    pos += match![0].length;
  }
  return tokens;
}
