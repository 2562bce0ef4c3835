import { localeOf } from '@cairn/shared/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatsFor, type Formats } from './formats.ts';

/** Dates and money in the active language's locale (en-CA today); follows a change of language. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => formatsFor(locale), [locale]);
}
