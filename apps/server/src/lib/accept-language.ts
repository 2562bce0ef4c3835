import { LOCALES, type Locale } from '@cairn/shared/locales';

/**
 * The language an Accept-Language header prefers among Cairn's (`fr-CA;q=0.9, en;q=0.8` → fr),
 * by quality then order; null when it names none of them (or is absent or malformed).
 */
export function preferredLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.slice(0, 1000).split(',').slice(0, 50)) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    const locale = LOCALES.find((l) => l === language);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? null;
}
