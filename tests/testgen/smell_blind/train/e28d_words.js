// Initials of a person's name, as a badge prints them.
export function initials(name, limit = 3) {
  const parts = name.replace(/-/g, ' ').split(/\s+/).filter((p) => /^[a-z]/i.test(p));
  return parts.map((p) => p[0].toUpperCase()).join('').slice(0, limit);
}
