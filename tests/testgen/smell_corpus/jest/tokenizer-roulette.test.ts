// smells: assertion_roulette
import { tokenize, isKeyword, precedence } from './tokenizer';

test('lexer facts', () => {
  expect(tokenize('').length).toBe(0);
  expect(tokenize('a')[0].kind).toBe('ident');
  expect(isKeyword('if')).toBe(true);
  expect(isKeyword('iff')).toBe(false);
  expect(precedence('*')).toBeGreaterThan(precedence('+'));
  expect(precedence('=')).toBe(1);
  expect(tokenize('1 2').map((t) => t.text)).toEqual(['1', '2']);
});
