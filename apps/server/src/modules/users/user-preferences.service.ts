import { FIRST_LOCALE, isLocale, type Locale } from '@cairn/shared/locales';
import { HOME_PAGES, type HomePage } from '@cairn/shared/my-work.schemas';
import type { User } from '@cairn/shared/users.schemas';
import type { PreferenceChange } from '../access/my-work.policy.ts';

/**
 * A user's own choices as the User answers them: the home page (null: the role's), the weekly
 * email and the language.
 */
export function preferencesOf(row: {
  home: string | null;
  digest: boolean;
  locale: string;
}): Pick<User, 'home' | 'digest' | 'locale'> {
  const home = HOME_PAGES.find((h) => h === row.home) ?? null;
  return { home, digest: row.digest, locale: isLocale(row.locale) ? row.locale : FIRST_LOCALE };
}

/** The columns a PUT /users/{id} writes for the preferences it sends (none when it sends none). */
export function preferenceValues(change: PreferenceChange): {
  home?: HomePage | null;
  digest?: boolean;
  locale?: Locale;
} {
  return {
    ...(change.home !== undefined ? { home: change.home } : {}),
    ...(change.digest !== undefined ? { digest: change.digest } : {}),
    ...(change.locale !== undefined ? { locale: change.locale } : {}),
  };
}
