const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Shortens `text` for a narrow place: when it is longer than `max` characters, its first `keep`
 * characters followed by `suffix` (spec §9: a group name over 15 characters becomes 12 plus an
 * ellipsis; a group description over 60 becomes 57 plus '...'). Characters are counted as the
 * reader sees them, so an emoji or a letter with a combining accent is never split in half.
 */
export function truncate(text: string, max: number, keep: number = max, suffix: string = '...'): string {
  const chars = Array.from(graphemes.segment(text), (s) => s.segment);
  if (chars.length <= max) return text;
  // A cut that lands after a space would show "word ...": the space goes.
  return chars.slice(0, Math.max(0, keep)).join('').trimEnd() + suffix;
}
