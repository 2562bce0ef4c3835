/** Text written into a regular expression as itself: its special characters escaped. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name that starts with `text` (an accessible name that goes on with more). */
export const startingWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
