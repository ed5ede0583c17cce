'use strict';

function decode(part) {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

/**
 * Parse a query string into an object. Repeated keys become arrays,
 * keys without "=" become empty strings, a leading "?" is ignored.
 */
function parse(qs) {
  const out = {};
  const text = qs.startsWith('?') ? qs.slice(1) : qs;
  if (!text) return out;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const idx = pair.indexOf('=');
    const key = decode(idx === -1 ? pair : pair.slice(0, idx));
    const value = idx === -1 ? '' : decode(pair.slice(idx + 1));
    if (Object.prototype.hasOwnProperty.call(out, key)) {
      out[key] = [].concat(out[key], value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Serialize an object; arrays repeat the key, null/undefined are skipped, keys sorted. */
function stringify(obj) {
  const params = new URLSearchParams();
  for (const key of Object.keys(obj).sort()) {
    const value = obj[key];
    if (value === null || value === undefined) continue;
    for (const v of [].concat(value)) params.append(key, String(v));
  }
  return params.toString();
}

module.exports = { parse, stringify };
