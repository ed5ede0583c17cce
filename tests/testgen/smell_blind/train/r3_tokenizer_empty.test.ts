import { countKinds, tokenize, TokenizeError } from './r3_tokenizer';

describe('tokenize', () => {
  it('splits an arithmetic expression', () => {
    expect(tokenize('1 + x2').map((t) => t.value)).toEqual(['1', '+', 'x2']);
  });

  it('records token positions', () => {
    expect(tokenize('  foo').map((t) => t.pos)).toEqual([2]);
  });

  it('handles nested parentheses', () => {
    // (a * (b + 1)) should yield balanced lparen/rparen tokens
    // TODO: write once the parser lands
  });

  it('reports the offending character', () => {
    expect(() => tokenize('1 $ 2')).toThrow(new TokenizeError(2, '$'));
  });
});

describe('countKinds', () => {
  it('counts each token kind', () => {
    expect(countKinds(tokenize('f(x) ^ 2'))).toEqual({ number: 1, ident: 2, op: 1, lparen: 1, rparen: 1 });
  });
});
