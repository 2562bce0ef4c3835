/**
 * The one rule for text anyone sends (ARCHITECTURE.md, API conventions): no NUL (PostgreSQL refuses
 * it in text) and no other control character but tab, line feed and carriage return; everything
 * else is kept, normalised to Unicode NFC so the same name is stored, searched and compared as one.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** A text as stored: NFC. */
export function normaliseText(text: string): string {
  return text.normalize('NFC');
}

/**
 * Walks a parsed request part (body, query or params) and gives the path of the first string with a
 * forbidden character (`notes`, `items.2.other_name`, or `` for a bare string), or undefined. Strings
 * are normalised to NFC in place as it goes, so whatever validates next sees the stored form.
 */
export function checkTexts(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : String(key);
    if (hasForbiddenCharacter(String(key))) return at;
    if (typeof item === 'string') {
      if (hasForbiddenCharacter(item)) return at;
      const normal = normaliseText(item);
      if (normal !== item) (value as Record<string | number, unknown>)[key] = normal;
      continue;
    }
    const found = checkTexts(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
