'use strict';

const MAX_LENGTH = 60;

function stripAccents(text) {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

function slugify(text, { maxLength = MAX_LENGTH, separator = '-' } = {}) {
  if (typeof text !== 'string') throw new TypeError('slugify expects a string');
  let slug = stripAccents(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
  if (slug.length > maxLength) {
    slug = slug.slice(0, maxLength);
    const cut = slug.lastIndexOf(separator);
    if (cut > maxLength / 2) slug = slug.slice(0, cut);
  }
  return slug;
}

function uniqueSlug(text, taken) {
  const base = slugify(text);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

module.exports = { slugify, uniqueSlug, stripAccents, MAX_LENGTH };
