const WORD = /[a-z']+/g;

export function words(text) {
  return text.toLowerCase().match(WORD) ?? [];
}

export function wordCount(text) {
  return words(text).length;
}

export function readingMinutes(text, wordsPerMinute = 200) {
  return Math.max(1, Math.ceil(wordCount(text) / wordsPerMinute));
}
