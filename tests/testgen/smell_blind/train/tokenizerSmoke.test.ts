import { test } from 'vitest';
import { tokenize, type Token } from './tokenizer';

const EXPRESSIONS = ['1 + 2', 'rate * (base - discount)', '2 ^ 10', '((x))', 'total/count'];

test('tokenizes the sample expressions', () => {
  const all: Token[][] = [];
  for (const expr of EXPRESSIONS) {
    all.push(tokenize(expr));
  }
  all.flat().forEach((token) => token.type.toUpperCase());
});
