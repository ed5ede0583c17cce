// smells: none
import { tokenize, Token } from './tokenizer';

const kinds = (tokens: Token[]): string[] => tokens.map((t) => t.kind);

describe('tokenize', () => {
  it('splits identifiers, numbers and operators', () => {
    expect(kinds(tokenize('x1 = 42 + y'))).toEqual(['ident', 'op', 'number', 'op', 'ident']);
  });

  it('keeps string literals whole', () => {
    const [token] = tokenize('"a b"');
    expect(token).toEqual({ kind: 'string', text: '"a b"', start: 0 });
  });

  it('reports where an unterminated string starts', () => {
    expect(() => tokenize('x = "oops')).toThrow(new SyntaxError('unterminated string at 4'));
  });
});
