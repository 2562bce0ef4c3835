import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatsFor, type Formats } from './formats.ts';
import { intlLocale } from './language-choice.ts';

/**
 * Dates and money in the active language's locale (en-CA, fr-CA; en-CA in the pseudo-locale);
 * follows a change of language.
 */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => formatsFor(locale), [locale]);
}
