import { FIRST_LOCALE, isLocale, type Locale } from '@cairn/shared/locales';
import type { OptionsDictionary } from '@zxcvbn-ts/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Estimator = (password: string) => number;

const loading = new Map<Locale, Promise<Estimator>>();

/** The dictionaries and translations of one language, each its own chunk. */
const LANGUAGE_PACKS = {
  en: () => import('@zxcvbn-ts/language-en'),
  fr: () => import('@zxcvbn-ts/language-fr'),
} satisfies Record<Locale, unknown>;

/**
 * The estimator for a user of `locale`. zxcvbn-ts and its dictionaries weigh several hundred
 * kilobytes, so they load on first use (the password screens), never with the first page, and
 * only the languages needed: English users' words and names from the English dictionary; French
 * users' from the French one (issue 34) and the English one too, since Canadian French speakers
 * pick English words as well and a password is never rated stronger for being in the other
 * official language. Feedback translations follow the user's language.
 */
export function loadEstimator(locale: Locale): Promise<Estimator> {
  let estimator = loading.get(locale);
  if (!estimator) {
    const languages: Locale[] = locale === 'en' ? ['en'] : [locale, 'en'];
    estimator = Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      Promise.all(languages.map((l) => LANGUAGE_PACKS[l]())),
    ])
      .then(([core, common, packs]) => {
        const factory = new core.ZxcvbnFactory({
          dictionary: packs.reduce<OptionsDictionary>(
            (words, pack) => ({ ...words, ...pack.dictionary }),
            common.dictionary,
          ),
          graphs: common.adjacencyGraphs,
          translations: packs[0]!.translations,
        });
        // zxcvbn scores 0 to 4; the product shows 1 to 5 (spec §5).
        return (password: string) => factory.check(password).score + 1;
      })
      .catch((error: unknown) => {
        loading.delete(locale);
        throw error;
      });
    loading.set(locale, estimator);
  }
  return estimator;
}

/**
 * Strength of a password on the spec's 1–5 scale; null while the estimator loads or when empty.
 * In the user's language, rebuilt when the language changes.
 */
export function usePasswordStrength(password: string): number | null {
  // The screens' language, as currentLanguage() (lib/language.ts) reads it; this renders again
  // when it changes.
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale: Locale = isLocale(language) ? language : FIRST_LOCALE;
  const [estimate, setEstimate] = useState<{ locale: Locale; estimator: Estimator } | null>(null);
  useEffect(() => {
    let live = true;
    loadEstimator(locale).then(
      (estimator) => {
        if (live) setEstimate({ locale, estimator });
      },
      () => {
        // Without the estimator the bar stays empty; the rules checklist still guides the user.
      },
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return useMemo(
    () => (estimate && password.length > 0 ? estimate.estimator(password) : null),
    [estimate, password],
  );
}
