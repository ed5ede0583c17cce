import { countKinds, tokenize, TokenizeError, type Token } from './r3_tokenizer';

const kinds = (src: string) => tokenize(src).map((t) => t.kind);
const values = (src: string) => tokenize(src).map((t) => t.value);

describe('tokenize', () => {
  it.each([
    ['1+2', ['1', '+', '2']],
    ['  x_1 * 3.5 ', ['x_1', '*', '3.5']],
    ['f(a)^2', ['f', '(', 'a', ')', '^', '2']],
    ['', []],
  ])('values of %p', (src, expected) => {
    expect(values(src)).toEqual(expected);
  });

  it('classifies tokens', () => {
    expect(kinds('(a - 10) / b')).toEqual(['lparen', 'ident', 'op', 'number', 'rparen', 'op', 'ident']);
  });

  it('keeps source positions', () => {
    const expected: Token[] = [
      { kind: 'ident', value: 'ab', pos: 0 },
      { kind: 'op', value: '+', pos: 3 },
      { kind: 'number', value: '7', pos: 5 },
    ];
    expect(tokenize('ab + 7')).toEqual(expected);
  });

  it('throws TokenizeError with the position of the bad character', () => {
    expect(() => tokenize('a # b')).toThrow(TokenizeError);
    expect(() => tokenize('a # b')).toThrow("unexpected character '#' at 2");
  });
});

describe('countKinds', () => {
  it('counts an empty stream as all zeros', () => {
    expect(countKinds([])).toEqual({ number: 0, ident: 0, op: 0, lparen: 0, rparen: 0 });
  });
});
