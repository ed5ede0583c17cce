import { readingMinutes, wordCount } from './e28_textStats.js';

function ensure(condition, message) {
  if (!condition) throw new Error(message);
}

function expectWords(text, count) {
  ensure(wordCount(text) === count, `${JSON.stringify(text)} should have ${count} words`);
}

function describeText(text) {
  console.log(`${wordCount(text)} words, ${readingMinutes(text)} min`);
}

describe('wordCount', () => {
  test('counts apostrophes as part of a word', () => {
    expectWords("don't stop believing", 3);
  });
});

describe('readingMinutes', () => {
  test('reports a long text', () => {
    describeText('word '.repeat(1000));
  });
});
