import { localeOf } from '@cairn/shared/format';
import { isLocale, type Locale } from '@cairn/shared/locales';

/** Where this browser keeps the language last shown: the sign-in page starts in it (issue 34). */
const KEY = 'cairn.language';
/** Set while a language picked on the sign-in page waits to become the user's at sign-in. */
const PICKED = 'cairn.language.picked';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/**
 * The pseudo-locale (issue 34, lib/pseudo-locale.ts): English accented, ~40 % longer and marked
 * ⟦…⟧, to see on a screen what bypassed the catalogues or does not fit longer words. For
 * development and the journeys only: never offered by the language switch, never a user's (the
 * server knows en and fr), chosen in this browser with `?pseudo` in any address (`?pseudo=off`
 * leaves it) or `cairn.language` set to it; choosing a language in the switch leaves it too.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** Whether this browser shows the pseudo-locale; `?pseudo` in the address turns it on or off. */
export function pseudoChosen(): boolean {
  const asked =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('pseudo');
  if (asked !== null) store(KEY, asked === 'off' || asked === '0' ? null : PSEUDO_LANGUAGE);
  return stored(KEY) === PSEUDO_LANGUAGE;
}

/** The locale Intl and `<html lang>` use for a language: en-CA for the pseudo-locale's English. */
export function intlLocale(language: string | undefined): string {
  return localeOf(language === PSEUDO_LANGUAGE ? 'en' : language);
}

/** The language last shown in this browser, if any. */
export function chosenLanguage(): Locale | null {
  const locale = stored(KEY);
  return isLocale(locale) ? locale : null;
}

/** Keeps the language shown; `picked` when someone signed out picked it on the sign-in page. */
export function keepLanguage(locale: Locale, picked = false): void {
  store(KEY, locale);
  if (picked) store(PICKED, '1');
}

/** The language picked on the sign-in page since the last sign-in, if any; forgotten as it is read. */
export function takePickedLanguage(): Locale | null {
  const picked = stored(PICKED) === '1' ? chosenLanguage() : null;
  store(PICKED, null);
  return picked;
}
