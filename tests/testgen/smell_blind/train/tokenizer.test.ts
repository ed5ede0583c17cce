import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenizer';

describe('tokenize', () => {
  it('splits an expression into typed tokens with positions', () => {
    expect(tokenize('3 + 4.5*(x-1)')).toEqual([
      { type: 'number', value: '3', pos: 0 },
      { type: 'operator', value: '+', pos: 2 },
      { type: 'number', value: '4.5', pos: 4 },
      { type: 'operator', value: '*', pos: 7 },
      { type: 'lparen', value: '(', pos: 8 },
      { type: 'identifier', value: 'x', pos: 9 },
      { type: 'operator', value: '-', pos: 10 },
      { type: 'number', value: '1', pos: 11 },
      { type: 'rparen', value: ')', pos: 12 },
    ]);
  });

  it.each([
    ['a^2', ['identifier', 'operator', 'number']],
    ['(total)', ['lparen', 'identifier', 'rparen']],
    ['', []],
  ])('token types of %j', (source, types) => {
    expect(tokenize(source).map((t) => t.type)).toEqual(types);
  });

  it('reports the offending character and its position', () => {
    expect(() => tokenize('2 # 3')).toThrow(new SyntaxError("unexpected character '#' at 2"));
  });
});
