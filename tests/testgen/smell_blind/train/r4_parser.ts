export class ParseError extends Error {
  constructor(readonly line: number, msg: string) {
    super(`line ${line}: ${msg}`);
  }
}

export type Config = Record<string, Record<string, string | number | boolean>>;

function coerce(raw: string): string | number | boolean {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw.replace(/^"(.*)"$/, '$1');
}

export function parseIni(text: string): Config {
  const out: Config = {};
  let section = 'default';
  text.split('\n').forEach((rawLine, i) => {
    const line = rawLine.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) return;
    const sec = /^\[([\w.-]+)\]$/.exec(line);
    if (sec) {
      section = sec[1];
      out[section] ??= {};
      return;
    }
    const eq = line.indexOf('=');
    if (eq < 1) throw new ParseError(i + 1, `expected key=value, got "${line}"`);
    (out[section] ??= {})[line.slice(0, eq).trim()] = coerce(line.slice(eq + 1).trim());
  });
  return out;
}
