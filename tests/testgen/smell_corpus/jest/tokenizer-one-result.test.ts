// smells: none
import { tokenize } from './tokenizer';

test('a number token carries its position', () => {
  const [token] = tokenize('  12');
  expect(token.kind).toBe('number');
  expect(token.text).toBe('12');
  expect(token.start).toBe(2);
  expect(token.end).toBe(4);
  expect(token.line).toBe(1);
  expect(token.column).toBe(3);
});
