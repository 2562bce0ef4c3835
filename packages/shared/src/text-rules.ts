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

/** A text with its forbidden characters left out, NFC: for words read from a file (a spreadsheet's headers). */
export function withoutForbidden(text: string): string {
  return normaliseText(text.replace(new RegExp(FORBIDDEN.source, 'g'), ''));
}

/** A text as stored: NFC. */
export function normaliseText(text: string): string {
  return text.normalize('NFC');
}

/**
 * How deep a request's JSON may nest (issue 27): the deepest payload the API takes (a plan's items,
 * a group's members) is three levels, so 32 leaves room and stops a hostile body long before any
 * walk over it costs anything. Deeper is 400 `too_deep`, checked by the body parser.
 */
export const MAX_NESTING = 32;

/** Whether `value` nests objects or arrays more than `max` levels deep; walked without recursion. */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Walks a parsed request part (body, query or params) and gives the path of the first string with a
 * forbidden character (`notes`, `items.2.other_name`, or `` for a bare string), or undefined. Strings
 * are normalised to NFC in place as it goes, so whatever validates next sees the stored form. The
 * walk keeps its own stack (no recursion), so no nesting can overflow the call stack.
 */
export function checkTexts(value: unknown): string | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? '' : undefined;
  const stack: Array<[object, string]> = [];
  if (value !== null && typeof value === 'object') stack.push([value, '']);
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    const entries: Array<[string | number, unknown]> = Array.isArray(node)
      ? node.map((v, i) => [i, v])
      : Object.entries(node);
    const nested: Array<[object, string]> = [];
    for (const [key, item] of entries) {
      const at = path ? `${path}.${key}` : String(key);
      if (hasForbiddenCharacter(String(key))) return at;
      if (typeof item === 'string') {
        if (hasForbiddenCharacter(item)) return at;
        const normal = normaliseText(item);
        if (normal !== item) (node as Record<string | number, unknown>)[key] = normal;
      } else if (item !== null && typeof item === 'object') nested.push([item, at]);
    }
    // Depth first, in order: the first nested value is walked next.
    for (let i = nested.length - 1; i >= 0; i -= 1) stack.push(nested[i]!);
  }
  return undefined;
}
