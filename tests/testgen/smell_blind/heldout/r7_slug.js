'use strict';

const MAX_LENGTH = 60;

function slugify(title, { maxLength = MAX_LENGTH } = {}) {
  if (typeof title !== 'string') {
    throw new TypeError('slugify expects a string');
  }
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!slug) {
    throw new Error(`cannot slugify ${JSON.stringify(title)}`);
  }
  return slug.slice(0, maxLength).replace(/-+$/, '');
}

function uniqueSlug(title, taken) {
  const base = slugify(title);
  let slug = base;
  for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
  return slug;
}

module.exports = { slugify, uniqueSlug, MAX_LENGTH };
