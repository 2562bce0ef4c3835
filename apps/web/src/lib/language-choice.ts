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
