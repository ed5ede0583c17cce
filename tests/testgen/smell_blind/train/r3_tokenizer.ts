export type TokenKind = 'number' | 'ident' | 'op' | 'lparen' | 'rparen';

export interface Token {
  kind: TokenKind;
  value: string;
  pos: number;
}

export class TokenizeError extends Error {
  constructor(public readonly pos: number, char: string) {
    super(`unexpected character '${char}' at ${pos}`);
    this.name = 'TokenizeError';
  }
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const start = i;
      while (i < src.length && /[0-9.]/.test(src[i])) i++;
      tokens.push({ kind: 'number', value: src.slice(start, i), pos: start });
    } else if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < src.length && /[A-Za-z0-9_]/.test(src[i])) i++;
      tokens.push({ kind: 'ident', value: src.slice(start, i), pos: start });
    } else if ('+-*/^'.includes(c)) {
      tokens.push({ kind: 'op', value: c, pos: i++ });
    } else if (c === '(') {
      tokens.push({ kind: 'lparen', value: c, pos: i++ });
    } else if (c === ')') {
      tokens.push({ kind: 'rparen', value: c, pos: i++ });
    } else {
      throw new TokenizeError(i, c);
    }
  }
  return tokens;
}

export function countKinds(tokens: Token[]): Record<TokenKind, number> {
  const counts: Record<TokenKind, number> = { number: 0, ident: 0, op: 0, lparen: 0, rparen: 0 };
  for (const t of tokens) counts[t.kind]++;
  return counts;
}
