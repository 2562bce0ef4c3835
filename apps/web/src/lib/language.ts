import { isLocale, LOCALES, type Locale } from '@cairn/shared/locales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@cairn/shared/users.schemas';
import { api, ok, publicApi } from './api-client.ts';
import { failureMessage } from './api-errors.ts';
import i18n from './i18n.ts';
import { notify } from './notify.ts';
import { keepLanguage, PSEUDO_LANGUAGE, takePickedLanguage } from './language-choice.ts';
import { session } from './session.ts';

/** The language the screens are in now. */
export function currentLanguage(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : LOCALES[0];
}

/** The other language: what the language switch offers (English / Français). */
export function otherLanguage(): Locale {
  return LOCALES.find((l) => l !== currentLanguage()) ?? LOCALES[0];
}

/**
 * Shows the screens in `locale` and keeps it in this browser (its catalogues are fetched first);
 * `picked` on the sign-in page, to become the user's at sign-in (userWithPickedLanguage).
 */
export async function showLanguage(locale: Locale, picked = false): Promise<void> {
  keepLanguage(locale, picked);
  if (currentLanguage() !== locale) await i18n.changeLanguage(locale);
}

/**
 * The user who just signed in, with the language picked on the sign-in page (if any, and not
 * already theirs) kept on their account through PUT /users/{id}: the screens stay in the language
 * the user chose. Should that fail, the account's own language stands.
 */
export async function userWithPickedLanguage(user: User, accessToken: string): Promise<User> {
  const picked = takePickedLanguage();
  if (!picked || picked === user.locale) return user;
  try {
    return await ok(
      publicApi.PUT('/api/users/{id}', {
        params: { path: { id: user.user_id } },
        body: { locale: picked },
        headers: { Authorization: `Bearer ${accessToken}` },
      }),
    );
  } catch {
    return user;
  }
}

/**
 * Shows the signed-in user's language, kept on the server, when the screens are in another; not
 * over the pseudo-locale, a developer's choice in this browser that the server never hears of.
 */
function showSessionLanguage(): Promise<void> {
  if (i18n.language === PSEUDO_LANGUAGE) return Promise.resolve();
  const locale = session.get()?.user.locale;
  return locale && locale !== currentLanguage() ? showLanguage(locale) : Promise.resolve();
}

/**
 * The signed-in user's language wins (issue 34): now, before the first screen (main.tsx), then at
 * sign-in, when it is changed (here or in another tab) and when a refreshed session brings it.
 */
export async function followSessionLanguage(): Promise<void> {
  session.subscribe(() => void showSessionLanguage());
  await showSessionLanguage();
}

/**
 * Switches the screens to `locale` at once; signed in, keeps it on the own account too
 * (PUT /users/{id} with `locale`), so every device and what the server writes for the user follow.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locale: Locale) => {
      const user = session.get()?.user;
      await showLanguage(locale, !user);
      if (!user || user.locale === locale) return null;
      return ok(api.PUT('/api/users/{id}', { params: { path: { id: user.user_id } }, body: { locale } }));
    },
    meta: { quiet: true },
    onSuccess: (user) => {
      if (user && session.get()?.user.user_id === user.user_id) session.update({ user });
      // What the server words for the user (help articles, later catalogue names) is read again.
      if (user) void queryClient.invalidateQueries();
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
