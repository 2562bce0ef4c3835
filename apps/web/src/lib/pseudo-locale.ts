/**
 * The pseudo-locale (issue 34, lib/language-choice.ts PSEUDO_LANGUAGE): every English catalogue
 * text accented (Save → ⟦Šááṽéé⟧), about 40 % longer and between ⟦ ⟧, made from the English
 * catalogues as they load (lib/i18n.ts), so nothing generated is committed. On a screen in it, a
 * word in plain Latin letters did not come from a catalogue, and a label that does not fit 40 %
 * more will not fit French either (e2e/pseudo-locale.spec.ts checks every screen both ways).
 * A chunk of its own, loaded only in the pseudo-locale.
 */

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** How much longer a text becomes: French runs 15 to 30 % longer than English, short texts more. */
const GROWTH = 0.4;

// Each one (but q's) a Latin letter and a mark (NFD): the text reads back as English without them.
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MARKED = 'áḃçḋéḟĝĥíĵķļṁñóṕɋŕšţúṽŵẋýžÁḂÇḊÉḞĜĤÍĴĶĻṀÑÓṔɊŔŠŢÚṼŴẊÝŽ';
const MARKS = [...MARKED];
const ACCENTED = new Map([...PLAIN].map((letter, i) => [letter, MARKS[i]!]));

/**
 * What i18next or the screens read in a text and must stay as written: {{interpolations}} (with a
 * format), $t(nesting) (one level of parentheses inside), <tags> of <Trans> and the mail, and
 * HTML entities.
 */
const KEPT =
  /\{\{[^{}]*\}\}|\$t\((?:[^()]|\([^()]*\))*\)|<\/?[A-Za-z0-9][\w-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+);/g;

/**
 * One run of words between the kept parts, accented; every letter's share of the growth added up
 * as it goes (`growth.rate` per letter), a letter doubled each time it makes a whole one, so words
 * grow evenly as a translation's would, rather than the text gaining words.
 */
function accent(words: string, growth: { rate: number; owed: number; left: number }): string {
  let out = '';
  for (const letter of words) {
    const accented = ACCENTED.get(letter);
    if (!accented) {
      out += letter;
      continue;
    }
    out += accented;
    growth.owed += growth.rate;
    // (A hair under one counts: the shares are fractions and their sum may fall just short.)
    if (growth.owed > 1 - 1e-9 && growth.left > 0) {
      out += accented;
      growth.owed -= 1;
      growth.left -= 1;
    }
  }
  return out;
}

/** A catalogue text in the pseudo-locale: accented, 40 % longer, marked; kept parts untouched. */
export function pseudoText(text: string): string {
  if (text === '') return text;
  const kept = [...text.matchAll(KEPT)];
  const runs: string[] = [];
  let at = 0;
  for (const match of kept) {
    runs.push(text.slice(at, match.index));
    at = match.index + match[0].length;
  }
  runs.push(text.slice(at));

  const shown = runs.join('');
  const letters = shown.replace(/[^A-Za-z]/g, '').length;
  const extra = letters ? Math.ceil(shown.length * GROWTH) : 0;
  const growth = { rate: letters ? extra / letters : 0, owed: 0, left: extra };
  let out = '';
  runs.forEach((run, i) => {
    out += accent(run, growth);
    if (i < kept.length) out += kept[i]![0];
  });
  // Fewer letters than the growth (a short text with signs: 'OK?'): the rest at its end.
  out += '·'.repeat(growth.left);
  return `${PSEUDO_OPEN}${out}${PSEUDO_CLOSE}`;
}

/**
 * A whole catalogue in the pseudo-locale: the same keys (plural and context suffixes too), every
 * text inside objects and lists made pseudo; anything else as it is.
 */
export function pseudoCatalogue<T>(catalogue: T): T {
  if (typeof catalogue === 'string') return pseudoText(catalogue) as T;
  if (Array.isArray(catalogue)) return catalogue.map((value: unknown) => pseudoCatalogue(value)) as T;
  if (catalogue === null || typeof catalogue !== 'object') return catalogue;
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [key, pseudoCatalogue(value)]),
  ) as T;
}
